import { ZCreativeInput, ZUpdateAdvertiserRequest } from '@scaler/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { advertisers } from '../src/db/schema';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo, seedDemoIfEmpty } from '../src/seed/demo';
import { call, createTestApp, loginAs, type TestApp } from './harness';

let t: TestApp;
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoIfEmpty({ db: t.db, storage: t.storage })).toBe(true);
  expect(await seedDemoIfEmpty({ db: t.db, storage: t.storage })).toBe(false);
  for (const u of DEMO_USERS) tokens.set(u.email, await loginAs(t.app, u.email, DEMO_PASSWORD));
}, 600_000);
afterAll(() => t.close());

const menuKeys = async (email: string, orgId: number) => {
  const res = await call(t.app, {
    url: '/scaler/account/routes',
    token: tokens.get(email),
    headers: { 'org-id': String(orgId) },
  });
  const { ads, manage } = res.body.data.menus;
  return {
    ads: ads.map((m: { key: string }) => m.key),
    manage: Object.fromEntries(
      manage.map((g: { key: string; children: { key: string; hidden?: boolean }[] }) => [
        g.key,
        g.children.filter((c) => !c.hidden).map((c) => c.key),
      ]),
    ),
  };
};

describe('demo workspace', () => {
  test('centers of both types and several statuses, accounts in every status', async () => {
    const info = await call(t.app, {
      url: '/scaler/account/user_info',
      token: tokens.get('admin@demo.test'),
    });
    expect(
      info.body.data.orgs.map(
        (o: { org_id: number; org_type: number; org_status: number; org_role: string }) => [
          o.org_id,
          o.org_type,
          o.org_status,
          o.org_role,
        ],
      ),
    ).toEqual([
      [100001, 1, 1, 'org_admin'],
      [100002, 2, 1, 'org_user'],
      [100005, 1, 4, 'org_admin'],
    ]);
    const statuses = info.body.data.advs
      .filter((a: { org_id: number }) => a.org_id === 100001)
      .map((a: { status: number }) => a.status);
    expect(statuses).toEqual([1, 1, 0, 2, 3, 4]);
  });

  test('agency admin: every menu, markup flag on', async () => {
    expect(await menuKeys('admin@demo.test', 100001)).toEqual({
      ads: ['home', 'perf', 'assets', 'report'],
      manage: {
        overview: ['overview-index'],
        users: ['members', 'partner'],
        accounts: ['account'],
        'finance-group': ['payment', 'finance-center'],
        'business-settings': ['setting', 'verify'],
      },
    });
    const info = await call(t.app, {
      url: '/scaler/account/user_info',
      token: tokens.get('admin@demo.test'),
      headers: { 'org-id': '100001' },
    });
    expect(info.body.data).toMatchObject({ mark: 1, status_fee: 1 });
  });

  test('standard user: no admin items and only the two assigned accounts', async () => {
    expect(await menuKeys('user@demo.test', 100001)).toEqual({
      ads: ['home', 'perf', 'assets', 'report'],
      manage: {
        overview: ['overview-index'],
        users: ['members'],
        accounts: ['account'],
        'business-settings': ['setting'],
      },
    });
    const info = await call(t.app, { url: '/scaler/account/user_info', token: tokens.get('user@demo.test') });
    expect(
      info.body.data.advs.map((a: { adv_name: string; adv_role: string }) => [a.adv_name, a.adv_role]),
    ).toEqual([
      ['Northwind Shoes', 'role_operator'],
      ['Northwind Games', 'role_analyst'],
    ]);
  });

  test('advertiser-type admin: no finance, no verification', async () => {
    expect(await menuKeys('brand@demo.test', 100002)).toEqual({
      ads: ['home', 'perf', 'assets', 'report'],
      manage: {
        overview: ['overview-index'],
        users: ['members', 'partner'],
        accounts: ['account'],
        'business-settings': ['setting'],
      },
    });
  });

  test('engaged and in-review centers: business settings only, for admin and standard user alike', async () => {
    for (const orgId of [100003, 100004]) {
      expect(await menuKeys('pending@demo.test', orgId)).toEqual({
        ads: [],
        manage: { 'business-settings': ['setting', 'verify'] },
      });
    }
  });

  test('viewer has v = 1; operator is flagged and belongs to no center', async () => {
    const viewer = await call(t.app, {
      url: '/scaler/account/user_info',
      token: tokens.get('viewer@demo.test'),
    });
    expect(viewer.body.data.v).toBe(1);
    const operator = await call(t.app, {
      url: '/scaler/account/user_info',
      token: tokens.get('operator@demo.test'),
    });
    expect(operator.body.data).toMatchObject({ is_operator: true, orgs: [], advs: [] });
    const foreign = await call(t.app, {
      url: '/scaler/account/routes',
      token: tokens.get('operator@demo.test'),
      headers: { 'org-id': '100001' },
    });
    expect(foreign.status).toBe(404);
  });

  test('seeding twice in a populated database fails whole and changes nothing', async () => {
    await expect(seedDemo({ db: t.db, storage: t.storage })).rejects.toThrow();
    const info = await call(t.app, {
      url: '/scaler/account/user_info',
      token: tokens.get('brand@demo.test'),
    });
    expect(info.body.data.orgs).toHaveLength(1);
  });

  describe('management content', () => {
    const admin = (url: string) =>
      call(t.app, { url, token: tokens.get('admin@demo.test'), headers: { 'org-id': '100001' } });

    test('Northwind shares Northwind Games with its partner Lakeside, whose admin reaches it', async () => {
      const partners = await admin('/scaler/v3/bc/partners');
      expect(partners.body.data.partners).toMatchObject([
        {
          org_id: 100006,
          org_name: 'Lakeside Digital',
          shares: [{ adv_name: 'Northwind Games', adv_role: 'role_operator' }],
        },
      ]);
      const lakeside = await call(t.app, {
        url: '/scaler/v3/advs',
        token: tokens.get('partner@demo.test'),
        headers: { 'org-id': '100006' },
      });
      expect(lakeside.body.data.list.map((a: { adv_name: string }) => a.adv_name)).toEqual([
        'Northwind Games',
      ]);
    });

    test('a pending invitation, an activity log in the real action codes, and an overview with content', async () => {
      const invitations = await admin('/scaler/v3/bc/invitations');
      expect(invitations.body.data.list).toMatchObject([
        { email: 'new.hire@demo.test', org_role: 'org_user' },
      ]);
      const activity = await admin('/scaler/v3/bc/activity?page=1&page_size=50');
      const actions = activity.body.data.list.map((a: { action: string }) => a.action);
      expect(actions[0]).toBe('member.invite');
      expect(actions).toEqual(
        expect.arrayContaining([
          'review.center_approve',
          'review.account_2',
          'partner.share',
          'account.close',
        ]),
      );
      const overview = await admin('/scaler/v3/bc/overview');
      expect(overview.body.data).toMatchObject({ partners: 1, pending_invitations: 1, accounts_total: 6 });
    });

    test('license files open for the admin as real PDFs; the operator sees Summit waiting with its license', async () => {
      const detail = await admin('/scaler/v3/advs/1000003');
      const [file] = detail.body.data.license_files;
      const download = await t.app.inject({
        url: `/scaler/account/license_files/${file.file}?adv_id=1000003`,
        cookies: { token: tokens.get('admin@demo.test')! },
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const queue = await call(t.app, {
        url: '/scaler/sa/centers?status=pending',
        token: tokens.get('operator@demo.test'),
      });
      expect(queue.body.data).toMatchObject([
        {
          org_name: 'Summit Ads',
          license_files: [{ file: expect.stringMatching(/\.pdf$/), name: expect.stringMatching(/\.pdf$/) }],
        },
      ]);
    });

    test('notices: the admin has the rejection and the stop unread with their reasons; the standard user none', async () => {
      const adminNotices = await admin('/scaler/v3/info/msg');
      expect(adminNotices.body.data.unread).toBe(2);
      expect(adminNotices.body.data.list[0]).toMatchObject({
        type: 'account',
        code: 3,
        reason: expect.stringContaining('billing'),
      });
      const userNotices = await call(t.app, {
        url: '/scaler/v3/info/msg',
        token: tokens.get('user@demo.test'),
      });
      expect(userNotices.body.data).toMatchObject({ list: [], unread: 0 });
    });
  });

  test('campaigns of every status with 90 days of delivery in the lists', async () => {
    const [shoes] = await t.db.select().from(advertisers).where(eq(advertisers.advName, 'Northwind Shoes'));
    const today = new Date().toISOString().slice(0, 10);
    const start = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    const res = await call(t.app, {
      method: 'POST',
      url: '/scaler/v3/campaign/list2',
      body: { start_date: start, end_date: today, sort_field: 'gmv' },
      token: tokens.get('admin@demo.test'),
      headers: { 'org-id': String(shoes.orgId), 'adv-id': String(shoes.advId) },
    });
    expect(res.status).toBe(200);
    const rows = res.body.data.list as {
      campaign_name: string;
      status: number;
      gmv: number;
      impression: number;
    }[];
    // Deleted campaigns only under the deleted filter (issue 18).
    expect(rows.map((r) => r.status).sort()).toEqual(expect.arrayContaining([0, 11]));
    expect(rows.some((r) => r.status === 14)).toBe(false);
    const deleted = await call(t.app, {
      method: 'POST',
      url: '/scaler/v3/campaign/list2',
      body: { start_date: start, end_date: today, status: [14] },
      token: tokens.get('admin@demo.test'),
      headers: { 'org-id': String(shoes.orgId), 'adv-id': String(shoes.advId) },
    });
    expect(
      deleted.body.data.list.map((r: { campaign_name: string; status: number }) => [
        r.campaign_name,
        r.status,
      ]),
    ).toEqual([['Old test campaign', 14]]);
    const spring = rows.find((r) => r.campaign_name.startsWith('Spring sale'));
    expect(spring?.gmv).toBeGreaterThan(0);
    expect(spring?.impression).toBeGreaterThan(1000);
    // The paused campaign delivered until it was paused, 12 days ago: it has numbers in the last 30 days.
    expect(rows.find((r) => r.campaign_name === 'iOS launch')?.impression).toBeGreaterThan(0);
    const creativesRes = await call(t.app, {
      method: 'POST',
      url: '/scaler/v3/creative/list2',
      body: { start_date: start, end_date: today },
      token: tokens.get('admin@demo.test'),
      headers: { 'org-id': String(shoes.orgId), 'adv-id': String(shoes.advId) },
    });
    const statuses = new Set(creativesRes.body.data.list.map((r: { status: number }) => r.status));
    for (const s of [0, 1, 2, 13, 11]) expect(statuses.has(s), `creative status ${s}`).toBe(true);
    expect(statuses.has(14)).toBe(false);
  });

  test('finance: the accounts are funded, their 90 days of spend charged to the cent, a top-up waits', async () => {
    const [shoes] = await t.db.select().from(advertisers).where(eq(advertisers.advName, 'Northwind Shoes'));
    const headers = { 'org-id': String(shoes.orgId), 'adv-id': String(shoes.advId) };
    const money = await call(t.app, {
      url: '/scaler/v3/finance/account',
      token: tokens.get('admin@demo.test'),
      headers,
    });
    expect(money.body.code, JSON.stringify(money.body)).toBe(0);
    expect(Number(money.body.data.wallet.balance)).toBeGreaterThan(1000);
    expect(money.body.data.limited).toBe(false);
    // The ledger's spend is the store's cost, to the micro-unit.
    const [row] = (
      (await t.db.execute(sql`select
          (select sum(cost) from stats_hourly_ad where adv_id = ${shoes.advId})::text as cost,
          (select -sum(p.amount) from ledger_postings p join ledger_entries e on e.id = p.entry_id
            join wallets w on w.id = p.wallet_id where w.adv_id = ${shoes.advId} and e.kind = 3)::text as spend`)) as unknown as {
        rows: { cost: string; spend: string }[];
      }
    ).rows;
    expect(row.spend).toBe(row.cost);
    const queue = await call(t.app, {
      url: '/scaler/sa/topups?status=pending',
      token: tokens.get('operator@demo.test'),
    });
    expect(queue.body.data.total).toBeGreaterThan(0);
  });

  test('Northwind Shoes: its license only, saved back unchanged; a seeded creative saves again (issue 18)', async () => {
    const [shoes] = await t.db.select().from(advertisers).where(eq(advertisers.advName, 'Northwind Shoes'));
    const as = (method: 'GET' | 'PUT', url: string, body?: unknown) =>
      call(t.app, {
        method,
        url,
        body,
        token: tokens.get('admin@demo.test'),
        headers: { 'org-id': String(shoes.orgId), 'adv-id': String(shoes.advId) },
      });
    const read = (await as('GET', `/scaler/v3/advs/${shoes.advId}`)).body.data;
    expect(read.license_files).toHaveLength(1);
    expect(read.license_files[0].name).toMatch(/\.pdf$/);
    const fields = Object.keys(ZUpdateAdvertiserRequest.shape).map((k) => [k, read[k]]);
    const back = await as('PUT', `/scaler/v3/advs/${shoes.advId}`, {
      ...Object.fromEntries(fields),
      license_files: read.license_files.map((f: { file: string }) => f.file),
    });
    expect(back.body.code).toBe(0);

    const gallery = (await as('GET', '/scaler/v3/creative/gallery?page_size=100')).body.data.list as {
      creative_id: number;
      materials: { role: string; file: string }[];
      [k: string]: unknown;
    }[];
    const withImages = gallery.filter((c) => c.materials.some((m) => m.role === 'image'));
    expect(withImages.length).toBeGreaterThan(0);
    for (const m of withImages[0].materials) expect(m.file).toMatch(/^creatives\//);
    const c = withImages[0];
    const input = Object.fromEntries(Object.keys(ZCreativeInput.shape).map((k) => [k, c[k]]));
    const saved = await as('PUT', '/scaler/v3/creative', {
      ...input,
      materials: c.materials.map((m) => ({ role: m.role, file: m.file })),
      // The seed stores no links of its own (the detail shows the generated tracking links instead).
      click_url: '',
      impression_url: '',
      submit: false,
    });
    expect(saved.body, JSON.stringify(saved.body.data)).toMatchObject({ code: 0 });
  });
});
