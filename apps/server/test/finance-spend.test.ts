import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chargeSpend } from '../src/modules/finance/spend';
import { writeFacts } from '../src/modules/statistics/writer';
import { createTestApp, type TestApp } from './harness';
import { backdateCommission, backdateMarkup, clearMoney } from './money';
import { as, buildWorld, deliveryObjects, type World } from './world';

/**
 * Spend (issue 20, decisions 7): charged from the statistics store's cost per account and hour, the
 * difference to what was charged each run, so late facts are charged once and a re-run charges nothing;
 * the ledger's spend equals the cost of list2, the custom report and statis; the commission in force is
 * charged beside it; the account stops (status 20) when its money runs out and delivers again when
 * money arrives; a low-balance alert notifies once as the balance crosses it.
 */

let t: TestApp;
let w: World;
let ids: { campaignId: number; adgroupId: number; creativeId: number };
const HOUR = 3_600_000;
let n = 0;
const key = () => `spend-key-${++n}-${Math.random().toString(36).slice(2, 8)}`;
const yesterday = () => new Date(Date.now() - 24 * HOUR).toISOString().slice(0, 10);
const at = (h: number) => new Date(`${yesterday()}T${String(h).padStart(2, '0')}:00:00Z`);

const admin = () => as(t, w, 'admin', w.agency);
const rows = async (q: ReturnType<typeof sql>) =>
  ((await t.db.execute(q)) as unknown as { rows: Record<string, string>[] }).rows;

const fact = (hour: Date, cost: string) =>
  t.db.transaction((tx) =>
    writeFacts(tx, [
      { advId: w.adv1, ...ids, hour, bundle: 'b', country: 'US', os: 1, impressions: 10, cost },
    ]),
  );

/** What the ledger says the account spent (and paid in commission). */
const ledger = async (kind: 'spend' | 'commission') =>
  (
    await rows(sql`select coalesce(-sum(p.amount), 0)::text as total from ledger_postings p
      join ledger_entries e on e.id = p.entry_id join wallets w on w.id = p.wallet_id
      where w.owner_kind = 2 and w.adv_id = ${w.adv1} and e.kind = ${kind === 'spend' ? 3 : 6}`)
  )[0].total;

const accountMoney = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/scaler/v3/finance/account',
    headers: { token: w.tokens.admin, 'org-id': String(w.agency), 'adv-id': String(w.adv1) },
  });
  expect(res.json().code, res.body).toBe(0);
  return res.json().data;
};

const status = async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/scaler/v3/campaign/list2',
    headers: { token: w.tokens.admin, 'org-id': String(w.agency), 'adv-id': String(w.adv1) },
    payload: { start_date: yesterday(), end_date: yesterday(), page_size: 100 },
  });
  return (res.json().data.list as { campaign_id: number; status: number }[]).find(
    (r) => r.campaign_id === ids.campaignId,
  )?.status;
};

async function fund(amount: string) {
  const req = await admin().send('POST', '/scaler/v3/finance/topups', {
    request_key: key(),
    currency: 'USD',
    amount,
  });
  await as(t, w, 'operator').send('POST', `/scaler/sa/topups/${req.body.data.id}/decision`, {
    decision: 'confirm',
    received_amount: amount,
  });
  const res = await admin().send('POST', '/scaler/v3/finance/transfers', {
    request_key: key(),
    items: [{ adv_id: w.adv1, direction: 'to_account', amount }],
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
}

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  ids = await deliveryObjects(t, w.adv1, 'Spend');
});
afterAll(() => t.close());

describe('spend', () => {
  test('charged once per fact: re-runs charge nothing, a late fact is charged, ledger = list2 = report = statis', async () => {
    await fund('60');
    await fact(at(10), '12.345678');
    await fact(at(11), '0.004322');
    expect((await chargeSpend(t.db, { advId: w.adv1 })).entries).toBe(1);
    expect((await chargeSpend(t.db, { advId: w.adv1 })).entries).toBe(0);
    expect(await ledger('spend')).toBe('12.350000');
    expect((await accountMoney()).wallet).toMatchObject({ balance: '47.65', available: '47.65' });

    // A late fact in an hour already charged: only the difference, once.
    await fact(at(10), '0.65');
    expect((await chargeSpend(t.db, { advId: w.adv1 })).entries).toBe(1);
    expect((await chargeSpend(t.db)).entries).toBe(0);
    expect(await ledger('spend')).toBe('13.000000');

    const headers = { token: w.tokens.admin, 'org-id': String(w.agency), 'adv-id': String(w.adv1) };
    const range = { start_date: yesterday(), end_date: yesterday() };
    const list = await t.app.inject({
      method: 'POST',
      url: '/scaler/v3/campaign/list2',
      headers,
      payload: range,
    });
    expect(list.json().data.totals.gmv).toBe(13);
    const report = await t.app.inject({
      method: 'POST',
      url: '/scaler/v3/report/custom',
      headers,
      payload: { ...range, dimensions: ['campaign'] },
    });
    expect(report.json().data.totals.gmv).toBe(13);
    const home = await t.app.inject({
      method: 'GET',
      url: `/scaler/v3/statis?start_date=${yesterday()}&end_date=${yesterday()}`,
      headers,
    });
    expect(home.json().data.current.gmv).toBe(13);
    // The transactions page lists the charges with the hours they cover.
    const tx = await admin().get(`/scaler/v3/finance/transactions?adv_id=${w.adv1}&kind=spend`);
    expect(tx.body.data.list.map((r: { amount: string }) => r.amount)).toEqual(['-0.65', '-12.35']);
  });

  test('concurrent runs charge each difference once', async () => {
    const before = await ledger('spend');
    await fact(at(12), '1.111111');
    await Promise.all(Array.from({ length: 8 }, () => chargeSpend(t.db, { advId: w.adv1 })));
    expect(Number(await ledger('spend'))).toBeCloseTo(Number(before) + 1.111111, 6);
    const drift = await rows(sql`select w.id from wallets w
      left join (select wallet_id, sum(amount) as s from ledger_postings group by wallet_id) p on p.wallet_id = w.id
      where w.balance <> coalesce(p.s, 0)`);
    expect(drift).toEqual([]);
  });

  test('the commission in force is charged beside the spend, as the report shows gmv_fee', async () => {
    await backdateCommission(t.db, w.agency, { rate: '0.1' });
    await fact(at(13), '2.000005');
    await chargeSpend(t.db, { advId: w.adv1 });
    // 10 % of the hour's total, rounded to micro-units on the hour.
    expect(await ledger('commission')).toBe('0.200001');
    const report = await t.app.inject({
      method: 'POST',
      url: '/scaler/v3/report/custom',
      headers: { token: w.tokens.admin, 'org-id': String(w.agency), 'adv-id': String(w.adv1) },
      payload: { start_date: yesterday(), end_date: yesterday(), dimensions: ['campaign'] },
    });
    const totals = report.json().data.totals;
    // Only the hour under the commission carries a fee in the ledger; the report's fee over the whole day
    // is the spend of the day times 1.1 (the version is in force for the whole day).
    expect(totals.gmv).toBeCloseTo(Number(await ledger('spend')), 6);
    expect(totals.gmv_fee).toBeCloseTo(totals.gmv * 1.1, 4);
  });

  test('status 20 when the money runs out, lifted when money arrives; a low-balance alert once', async () => {
    const put = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: '/scaler/v3/finance/account',
        headers: { token: w.tokens.admin, 'org-id': String(w.agency), 'adv-id': String(w.adv1) },
        payload: body,
      });
    await clearMoney(t.db, w.adv1, w.agency);
    const set = await put({ daily_spend_cap: null, low_balance_alert: '20' });
    expect(set.json().data).toMatchObject({ low_balance_alert: '20.00', daily_spend_cap: null });
    expect(await status()).toBe(0);
    const balance = Number((await accountMoney()).wallet.balance);
    // Spend that takes it below the alert (one notice) and then below zero (status 20).
    await fact(at(14), (balance - 10).toFixed(6));
    await chargeSpend(t.db, { advId: w.adv1 });
    await fact(at(15), '15');
    await chargeSpend(t.db, { advId: w.adv1 });
    const money = await accountMoney();
    expect(Number(money.wallet.balance)).toBeCloseTo(-5, 6);
    expect(money.limited).toBe(true);
    expect(await status()).toBe(20);
    const alerts = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/scaler/v3/statis?start_date=${yesterday()}&end_date=${yesterday()}`,
          headers: { token: w.tokens.admin, 'org-id': String(w.agency), 'adv-id': String(w.adv1) },
        })
      ).json().data.alerts;
    expect((await alerts()).account_limit_reached).toBe(true);
    const notices = await as(t, w, 'admin').get('/scaler/v3/info/msg');
    const low = (notices.body.data.list as { type: string; code: number }[]).filter(
      (x) => x.type === 'finance' && x.code === 3,
    );
    expect(low).toHaveLength(1);

    // A transfer out of an account on credit or below zero is refused; money in lifts the status.
    await fund('25');
    expect(await status()).toBe(0);
    expect((await alerts()).account_limit_reached).toBe(false);
    expect((await accountMoney()).limited).toBe(false);
  });

  test('the cap and alert: refused to the client admin, bad amounts named', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/scaler/v3/finance/account',
      headers: { token: w.tokens.admin, 'org-id': String(w.agency), 'adv-id': String(w.adv1) },
      payload: { daily_spend_cap: '1.001', low_balance_alert: null },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('USD amounts have at most 2 decimals.');
    // A standard member with an operator role on the account may not read its money.
    const user1 = await t.app.inject({
      method: 'GET',
      url: '/scaler/v3/finance/account',
      headers: { token: w.tokens.user1, 'org-id': String(w.agency), 'adv-id': String(w.adv1) },
    });
    expect(user1.statusCode).toBe(403);
    const other = await t.app.inject({
      method: 'GET',
      url: '/scaler/v3/finance/account',
      headers: { token: w.tokens.oadmin, 'org-id': String(w.other), 'adv-id': String(w.adv1) },
    });
    expect(other.statusCode).toBe(404);
  });

  test("the month's statement as PDF and CSV, in both languages: its closing balance is the ledger's", async () => {
    const [{ month }] = await rows(sql`select to_char(max(created_at) at time zone 'UTC', 'YYYY-MM') as month
      from ledger_postings`);
    const get = (url: string, language = 'en-US', token = w.tokens.admin) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: {
          token,
          language,
          timezone: '+00:00',
          'org-id': String(w.agency),
          'adv-id': String(w.adv1),
        },
      });
    const balance = (await accountMoney()).wallet.balance as string;
    const dir = mkdtempSync(path.join(tmpdir(), 'statement-'));
    const read = (bytes: Buffer, name: string) => {
      const file = path.join(dir, name);
      writeFileSync(file, bytes);
      // Rendered as a reader would (poppler), and its text read back.
      execFileSync('pdftoppm', ['-png', '-r', '40', '-f', '1', '-l', '1', file, path.join(dir, name)]);
      const png = readdirSync(dir).find((f) => f.startsWith(name) && f.endsWith('.png'));
      expect(png && statSync(path.join(dir, png)).size).toBeGreaterThan(1000);
      return execFileSync('pdftotext', ['-layout', file, '-']).toString();
    };
    const pdf = await get(`/scaler/v3/finance/account/statement?month=${month}&format=pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="statement-account-${w.adv1}-${month}.pdf"`,
    );
    const text = read(pdf.rawPayload, 'en.pdf');
    expect(text).toContain(`Monthly statement: account Adv One (${w.adv1})`);
    expect(text.match(/Closing balance\s+(-?[\d.,]+) USD/)?.[1]).toBe(balance);
    expect(text).toMatch(/Spend/);

    const zh = read(
      (await get(`/scaler/v3/finance/account/statement?month=${month}`, 'zh-CN')).rawPayload,
      'zh.pdf',
    );
    expect(zh.match(/期末余额\s+(-?[\d.,]+) USD/)?.[1]).toBe(balance);
    expect(zh).toContain('消耗');

    const csv = await get(`/scaler/v3/finance/account/statement?month=${month}&format=csv`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(lines[0]).toEqual([
      'Currency',
      'Date',
      'Time',
      'Type',
      'Reference',
      'Memo',
      'Amount',
      'Balance after',
    ]);
    const opening = Number(lines[1][7]);
    const moved = lines.slice(2, -1).reduce((sum, l) => sum + Number(l[6].replace(/"/g, '')), 0);
    expect(lines.at(-1)?.[7]).toBe(balance);
    expect(opening + moved).toBeCloseTo(Number(balance), 6);

    const centerPdf = await get(`/scaler/v3/finance/statement?month=${month}`);
    expect(centerPdf.statusCode).toBe(200);
    expect(read(centerPdf.rawPayload, 'center.pdf')).toContain('Monthly statement: Agency');
    expect(
      (await get(`/scaler/v3/finance/statement?month=${month}`, 'en-US', w.tokens.user1)).statusCode,
    ).toBe(403);
    expect((await get('/scaler/v3/finance/statement?month=2026-13')).statusCode).toBe(400);
  });

  test("today's spend in the Advertiser view carries the markup, as lists and reports show cost", async () => {
    await backdateMarkup(t.db, w.adv1, { ratio: '0.5', start: '2000-01-01' });
    await fact(new Date(), '10');
    const read = async (mark: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/scaler/v3/finance/account',
          headers: { token: w.tokens.admin, mark, 'org-id': String(w.agency), 'adv-id': String(w.adv1) },
        })
      ).json().data;
    // The owner's admin sees cost (the Agent view) unless previewing the Advertiser view.
    expect((await read('0')).today_spend).toBe('10.00');
    const advertiser = await read('1');
    expect(advertiser.today_spend).toBe('15.00');
    // The balance is money, not a cost figure: the same in both views.
    expect(advertiser.wallet.balance).toBe((await read('0')).wallet.balance);
    await backdateMarkup(t.db, w.adv1, null);
  });
});
