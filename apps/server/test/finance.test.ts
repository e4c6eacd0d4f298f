import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { as, buildWorld, type World } from './world';

/**
 * Finance (issue 20, decisions 7): wallets, the double-entry ledger, top-ups confirmed by an operator,
 * transfers between a center and its accounts. Money is exact under concurrency and replays, moves only
 * within one currency and never below zero beyond credit; the permission matrix holds.
 */

let t: TestApp;
let w: World;
let n = 0;
const key = () => `test-key-${++n}-${Math.random().toString(36).slice(2, 8)}`;

const admin = () => as(t, w, 'admin', w.agency);
const operator = () => as(t, w, 'operator');

const overview = async () => {
  const res = await admin().get('/scaler/v3/finance/overview?page_size=100');
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data as {
    wallets: { wallet_id: number | null; currency: string; balance: string; available: string }[];
    accounts: {
      list: { adv_id: number; wallet: { wallet_id: number | null; balance: string } }[];
      total: number;
    };
  };
};
const centerBalance = async () => (await overview()).wallets.find((x) => x.currency === 'USD')?.balance;
const accountBalance = async (advId: number) =>
  (await overview()).accounts.list.find((a) => a.adv_id === advId)?.wallet.balance;

/** Requests a top-up and confirms it as the operator. */
async function topUp(amount: string) {
  const req = await admin().send('POST', '/scaler/v3/finance/topups', {
    request_key: key(),
    currency: 'USD',
    amount,
  });
  expect(req.body.code, JSON.stringify(req.body)).toBe(0);
  const res = await operator().send('POST', `/scaler/sa/topups/${req.body.data.id}/decision`, {
    decision: 'confirm',
    received_amount: amount,
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data;
}

const transfer = (items: { adv_id: number; direction: string; amount: string }[], request_key = key()) =>
  admin().send('POST', '/scaler/v3/finance/transfers', { request_key, items });

/** The ledger's invariants: every entry sums to zero, every balance is the sum of its wallet's rows. */
async function expectLedgerExact() {
  const rows = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
  const unbalanced = rows(
    await t.db.execute(sql`select entry_id from ledger_postings group by entry_id having sum(amount) <> 0`),
  );
  expect(unbalanced).toEqual([]);
  const drift = rows(
    await t.db.execute(sql`select w.id from wallets w
      left join (select wallet_id, sum(amount) as s from ledger_postings group by wallet_id) p on p.wallet_id = w.id
      where w.balance <> coalesce(p.s, 0)`),
  );
  expect(drift).toEqual([]);
  const lastAfter = rows(
    await t.db.execute(sql`select w.id from wallets w
      join lateral (select balance_after from ledger_postings where wallet_id = w.id order by id desc limit 1) l on true
      where l.balance_after <> w.balance`),
  );
  expect(lastAfter).toEqual([]);
}

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
});
afterAll(async () => {
  await t.close();
});

describe('permissions', () => {
  const centerCalls = [
    ['GET', '/scaler/v3/finance/overview'],
    ['GET', '/scaler/v3/finance/transactions'],
    ['GET', '/scaler/v3/finance/topups'],
    ['POST', '/scaler/v3/finance/topups', { request_key: 'permission-check', currency: 'USD', amount: '10' }],
    [
      'POST',
      '/scaler/v3/finance/transfers',
      { request_key: 'permission-check', items: [{ adv_id: 1, direction: 'to_account', amount: '1' }] },
    ],
  ] as const;
  const send = (who: string, orgId: number, [method, url, body]: (typeof centerCalls)[number]) =>
    method === 'GET' ? as(t, w, who, orgId).get(url) : as(t, w, who, orgId).send(method, url, body);

  test('a standard member is refused (403), another center is not found (404), a brand center has no finance', async () => {
    for (const c of centerCalls) {
      expect((await send('user1', w.agency, c)).status, `user1 ${c[1]}`).toBe(403);
      expect((await send('padmin', w.agency, c)).status, `padmin ${c[1]}`).toBe(404);
      expect((await send('badmin', w.brand, c)).status, `badmin ${c[1]}`).toBe(403);
    }
    // Nothing was posted or requested by the refused calls.
    const [row] = (
      (await t.db.execute(
        sql`select (select count(*) from ledger_entries) + (select count(*) from topup_requests) as n`,
      )) as unknown as {
        rows: { n: string }[];
      }
    ).rows;
    expect(Number(row.n)).toBe(0);
  });

  test("the operator's calls are the operator's only", async () => {
    for (const who of ['admin', 'user1', 'badmin']) {
      const me = as(t, w, who);
      expect((await me.get('/scaler/sa/topups')).status).toBe(403);
      expect(
        (await me.send('POST', '/scaler/sa/topups/1/decision', { decision: 'reject', note: 'x' })).status,
      ).toBe(403);
      expect((await me.get(`/scaler/sa/centers/${w.agency}/finance`)).status).toBe(403);
      expect((await me.send('PUT', '/scaler/sa/wallets/1/credit', { credit_limit: '10' })).status).toBe(403);
    }
    expect((await operator().get(`/scaler/sa/centers/${w.brand}/finance`)).status).toBe(404);
  });

  test("another center's account is not found and nothing moves", async () => {
    await topUp('10');
    const before = await centerBalance();
    const res = await transfer([
      { adv_id: w.adv1, direction: 'to_account', amount: '1' },
      { adv_id: w.advOther, direction: 'to_account', amount: '1' },
    ]);
    expect(res.status).toBe(404);
    expect(await centerBalance()).toBe(before);
  });
});

describe('top-ups', () => {
  test('requested with a reference and the bank details, confirmed once by an operator, with a notice', async () => {
    const before = await centerBalance();
    const request_key = key();
    const req = await admin().send('POST', '/scaler/v3/finance/topups', {
      request_key,
      currency: 'USD',
      amount: '1000',
    });
    expect(req.body.code).toBe(0);
    expect(req.body.data).toMatchObject({ status: 'pending', amount: '1000.00', currency: 'USD' });
    expect(req.body.data.reference).toMatch(/^TU[A-Z2-9]{10}$/);
    expect(req.body.data.bank.account_number).toBeTruthy();
    // The same key again: the same request; another amount under it: refused.
    const again = await admin().send('POST', '/scaler/v3/finance/topups', {
      request_key,
      currency: 'USD',
      amount: '1000.00',
    });
    expect(again.body.data.id).toBe(req.body.data.id);
    const reused = await admin().send('POST', '/scaler/v3/finance/topups', {
      request_key,
      currency: 'USD',
      amount: '5',
    });
    expect([reused.status, reused.body.code]).toEqual([409, 10602]);

    const queue = await operator().get('/scaler/sa/topups?status=pending');
    expect(queue.body.data.list.map((x: { id: number }) => x.id)).toContain(req.body.data.id);

    const id = req.body.data.id;
    const confirmed = await operator().send('POST', `/scaler/sa/topups/${id}/decision`, {
      decision: 'confirm',
      received_amount: '990.50',
    });
    expect(confirmed.body.data).toMatchObject({
      status: 'confirmed',
      received_amount: '990.50',
      decided_by: 'operator@world.test',
    });
    expect(Number(await centerBalance())).toBeCloseTo(Number(before) + 990.5, 6);

    const twice = await operator().send('POST', `/scaler/sa/topups/${id}/decision`, {
      decision: 'reject',
      note: 'late',
    });
    expect([twice.status, twice.body.code]).toEqual([409, 10604]);
    expect(twice.body.msg).toBe('This top-up was already confirmed.');

    const notices = await as(t, w, 'admin2').get('/scaler/v3/info/msg');
    expect(notices.body.data.list.map((x: { msg: string }) => x.msg)).toContain(
      `Top-up ${req.body.data.reference} was confirmed: 990.50 USD was added to the center's wallet.`,
    );
    const log = await operator().get('/scaler/sa/log');
    expect(log.body.data.list ?? log.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'review.topup_confirmed', object_id: String(id) }),
      ]),
    );
    await expectLedgerExact();
  });

  test('a rejection needs a reason, credits nothing, and is final', async () => {
    const before = await centerBalance();
    const req = await admin().send('POST', '/scaler/v3/finance/topups', {
      request_key: key(),
      currency: 'USD',
      amount: '50',
    });
    const url = `/scaler/sa/topups/${req.body.data.id}/decision`;
    expect((await operator().send('POST', url, { decision: 'reject' })).status).toBe(400);
    const rejected = await operator().send('POST', url, { decision: 'reject', note: 'No transfer arrived' });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', note: 'No transfer arrived' });
    const after = await operator().send('POST', url, { decision: 'confirm', received_amount: '50' });
    expect(after.body.code).toBe(10604);
    expect(await centerBalance()).toBe(before);
  });

  test('twenty concurrent confirmations of one top-up credit it once', async () => {
    const before = Number(await centerBalance());
    const req = await admin().send('POST', '/scaler/v3/finance/topups', {
      request_key: key(),
      currency: 'USD',
      amount: '7',
    });
    const url = `/scaler/sa/topups/${req.body.data.id}/decision`;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        operator().send('POST', url, { decision: 'confirm', received_amount: '7' }),
      ),
    );
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 10604)).toHaveLength(19);
    expect(Number(await centerBalance())).toBeCloseTo(before + 7, 6);
    await expectLedgerExact();
  });
  test('a hundred top-ups confirmed at once add exactly their sum', async () => {
    const before = await centerBalance();
    const requests = [];
    for (let i = 1; i <= 100; i++) {
      const amount = (i / 100).toFixed(2);
      const r = await admin().send('POST', '/scaler/v3/finance/topups', {
        request_key: key(),
        currency: 'USD',
        amount,
      });
      requests.push({ id: r.body.data.id as number, amount });
    }
    const results = await Promise.all(
      requests.map((r) =>
        operator().send('POST', `/scaler/sa/topups/${r.id}/decision`, {
          decision: 'confirm',
          received_amount: r.amount,
        }),
      ),
    );
    expect(results.every((r) => r.body.code === 0)).toBe(true);
    // 0.01 + 0.02 + … + 1.00 = 50.50, to the cent.
    const [row] = (
      (await t.db.execute(
        sql`select ${before}::numeric + 50.50 = (select balance from wallets where owner_kind = 1 and org_id = ${w.agency} and currency = 'USD') as exact`,
      )) as unknown as { rows: { exact: boolean }[] }
    ).rows;
    expect(row.exact).toBe(true);
    await expectLedgerExact();
  });
});

describe('transfers', () => {
  test('to an account and back, with the balances it leaves, once per key', async () => {
    await topUp('500');
    const center = Number(await centerBalance());
    const adv = Number((await accountBalance(w.adv1)) ?? 0);
    const request_key = key();
    const res = await transfer([{ adv_id: w.adv1, direction: 'to_account', amount: '300' }], request_key);
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    expect(res.body.data.posted).toBe(true);
    expect(Number(res.body.data.center.balance)).toBeCloseTo(center - 300, 6);
    expect(Number(res.body.data.accounts[0].wallet.balance)).toBeCloseTo(adv + 300, 6);
    // A retry: the same answer, nothing posted again.
    const retry = await transfer([{ adv_id: w.adv1, direction: 'to_account', amount: '300' }], request_key);
    expect(retry.body.data).toMatchObject({ posted: false, entry_ids: res.body.data.entry_ids });
    expect(Number(await centerBalance())).toBeCloseTo(center - 300, 6);
    // The key with other items: refused.
    const reused = await transfer([{ adv_id: w.adv1, direction: 'to_account', amount: '299' }], request_key);
    expect(reused.body.code).toBe(10602);

    const back = await transfer([{ adv_id: w.adv1, direction: 'to_center', amount: '100.25' }]);
    expect(Number(back.body.data.center.balance)).toBeCloseTo(center - 199.75, 6);
    expect(Number(back.body.data.accounts[0].wallet.balance)).toBeCloseTo(adv + 199.75, 6);

    const list = await admin().get(`/scaler/v3/finance/transactions?adv_id=${w.adv1}&kind=transfer`);
    expect(list.body.data.list[0]).toMatchObject({
      amount: '-100.25',
      kind: 'transfer',
      adv_id: w.adv1,
      by: 'admin@world.test',
    });
    await expectLedgerExact();
  });

  test('never more than is there: the refusal names what is available, and a bulk moves all or nothing', async () => {
    const center = await centerBalance();
    const adv1 = await accountBalance(w.adv1);
    const tooMuch = await transfer([{ adv_id: w.adv1, direction: 'to_account', amount: '1000000' }]);
    expect(tooMuch.body.code).toBe(10601);
    expect(tooMuch.body.msg).toBe(`Not enough money: ${center} USD is available (balance plus credit).`);
    const bulk = await transfer([
      { adv_id: w.adv2, direction: 'to_account', amount: '1' },
      { adv_id: w.adv1, direction: 'to_center', amount: '99999' },
    ]);
    expect(bulk.body.code).toBe(10601);
    expect(await centerBalance()).toBe(center);
    expect(await accountBalance(w.adv1)).toBe(adv1);
    expect(await accountBalance(w.adv2)).toBe('0.00');
  });

  test('bad amounts are refused with their rule, in both languages, and nothing is posted', async () => {
    const center = await centerBalance();
    const cases: [string, number, string][] = [
      ['0', 400, 'Enter an amount greater than zero.'],
      ['1.001', 400, 'USD amounts have at most 2 decimals.'],
      ['100000001', 400, 'The amount is over the limit of 100,000,000 per operation.'],
      ['-5', 400, ''],
      ['1e3', 400, ''],
    ];
    for (const [amount, status, msg] of cases) {
      const res = await transfer([{ adv_id: w.adv1, direction: 'to_account', amount }]);
      expect(res.status, amount).toBe(status);
      if (msg) expect(res.body.msg, amount).toBe(msg);
    }
    const zh = await t.app.inject({
      method: 'POST',
      url: '/scaler/v3/finance/transfers',
      headers: { token: w.tokens.admin, 'org-id': String(w.agency), language: 'zh-CN' },
      payload: { request_key: key(), items: [{ adv_id: w.adv1, direction: 'to_account', amount: '1.001' }] },
    });
    expect(zh.json().msg).toBe('USD 金额最多 2 位小数。');
    expect(await centerBalance()).toBe(center);
  });

  test('a hundred concurrent transfers on one wallet leave the sums exact', async () => {
    await topUp('50');
    const center = Number(await centerBalance());
    const adv = Number(await accountBalance(w.adv1));
    const spare = Math.floor(center) - 50;
    // Leave exactly 50.00 in the center, then ask for 100 × 1.00 at once: 50 go, 50 are refused.
    if (spare > 0) await transfer([{ adv_id: w.adv2, direction: 'to_account', amount: String(spare) }]);
    const left = Number(await centerBalance());
    const results = await Promise.all(
      Array.from({ length: 100 }, () => transfer([{ adv_id: w.adv1, direction: 'to_account', amount: '1' }])),
    );
    const moved = results.filter((r) => r.body.code === 0).length;
    expect(moved).toBe(Math.floor(left));
    expect(results.filter((r) => r.body.code === 10601)).toHaveLength(100 - moved);
    expect(Number(await centerBalance())).toBeCloseTo(left - moved, 6);
    expect(Number(await accountBalance(w.adv1))).toBeCloseTo(adv + moved, 6);
    // And both ways at once: the sum of the two wallets does not change.
    const sum = Number(await centerBalance()) + Number(await accountBalance(w.adv1));
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        transfer([{ adv_id: w.adv1, direction: i % 2 ? 'to_account' : 'to_center', amount: '0.01' }]),
      ),
    );
    expect(Number(await centerBalance()) + Number(await accountBalance(w.adv1))).toBeCloseTo(sum, 6);
    await expectLedgerExact();
  });

  test('a credit line lets the center fund accounts below zero, not an account pay out', async () => {
    const center = (await overview()).wallets.find((x) => x.currency === 'USD');
    const adv1 = (await overview()).accounts.list.find((a) => a.adv_id === w.adv1)?.wallet;
    const credit = await operator().send('PUT', `/scaler/sa/wallets/${center?.wallet_id}/credit`, {
      credit_limit: '100',
    });
    expect(credit.body.data).toMatchObject({ credit_limit: '100.00' });
    await operator().send('PUT', `/scaler/sa/wallets/${adv1?.wallet_id}/credit`, { credit_limit: '100' });
    const all = Number(center?.balance);
    const res = await transfer([{ adv_id: w.adv1, direction: 'to_account', amount: (all + 60).toFixed(2) }]);
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    expect(res.body.data.center).toMatchObject({ balance: '-60.00', available: '40.00' });
    const out = Number(res.body.data.accounts[0].wallet.balance) + 1;
    const refused = await transfer([{ adv_id: w.adv1, direction: 'to_center', amount: out.toFixed(2) }]);
    expect(refused.body.code).toBe(10601);
    const log = await operator().get('/scaler/sa/log');
    expect(JSON.stringify(log.body.data)).toContain('review.credit_line');
    await expectLedgerExact();
  });

  // Last: it writes rows straight into the ledger, which the invariants above would not expect.
  test('the transactions list pages 10,000+ rows with a count that stops at the cap', async () => {
    const [wallet] = (
      (await t.db.execute(
        sql`select id from wallets where owner_kind = 1 and org_id = ${w.agency}`,
      )) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    await t.db.execute(sql`with e as (
        insert into ledger_entries (reference, kind, org_id) select 'bulk:' || g, 5, ${w.agency}
        from generate_series(1, 10050) g returning id)
      insert into ledger_postings (entry_id, wallet_id, amount, balance_after)
      select id, ${wallet.id}, 0.01, 0 from e`);
    const first = await admin().get('/scaler/v3/finance/transactions?page_size=20');
    expect(first.body.data).toMatchObject({ total: 10_000, more: true });
    expect(first.body.data.list).toHaveLength(20);
    const filtered = await admin().get(`/scaler/v3/finance/transactions?kind=transfer&adv_id=${w.adv1}`);
    expect(filtered.body.data.more).toBe(false);
    expect(filtered.body.data.total).toBeGreaterThan(100);
    const past = await admin().get('/scaler/v3/finance/transactions?page=1000&page_size=20');
    expect(past.body.data).toMatchObject({ list: [], total: 10_000, more: true });
  });
});
