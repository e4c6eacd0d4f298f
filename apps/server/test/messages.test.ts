import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp, type TestApp } from './harness';
import { buildWorld, type World } from './world';

/**
 * Answers say what was wrong (issue 18): every size limit of a payload (too big, too small, too many, too
 * long) names the limit, with thousands separators, in the request's language; a status filter outside a
 * level's set lists the allowed values.
 */

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, language = 'en-US') =>
  call(t.app, {
    method,
    url,
    body,
    token: w.tokens.admin,
    headers: { 'org-id': String(w.agency), 'adv-id': String(w.adv1), language },
  });

type Field = { path: string; message: string };
const fieldsOf = (res: { status: number; body: { data: { fields: Field[] } } }) => {
  expect(res.status).toBe(400);
  return Object.fromEntries(res.body.data.fields.map((f) => [f.path, f.message]));
};

const report = { start_date: '2026-03-01', end_date: '2026-03-02', dimensions: ['date'] };

describe('limits are named, in both languages', () => {
  test('the custom report: 5,001 rows per page and six dimensions', async () => {
    const size = fieldsOf(await send('POST', '/scaler/v3/report/custom', { ...report, page_size: 5001 }));
    expect(size['body.page_size']).toBe('At most 5,000 rows per page.');
    const six = ['date', 'country', 'campaign', 'adgroup', 'creative', 'os'];
    const dims = fieldsOf(await send('POST', '/scaler/v3/report/custom', { ...report, dimensions: six }));
    expect(dims['body.dimensions']).toBe('At most 5 dimensions.');
    const zh = fieldsOf(
      await send(
        'POST',
        '/scaler/v3/report/custom',
        { ...report, dimensions: six, page_size: 5001 },
        'zh-CN',
      ),
    );
    expect(zh).toMatchObject({
      'body.page_size': '最多 5,000 行（每页）。',
      'body.dimensions': '最多 5 个维度。',
    });
  });

  test('the lists (list2): rows per page, page numbers, ids', async () => {
    const body = { start_date: '2026-03-01', end_date: '2026-03-01' };
    const big = fieldsOf(await send('POST', '/scaler/v3/campaign/list2', { ...body, page_size: 501 }));
    expect(big['body.page_size']).toBe('At most 500 rows per page.');
    const small = fieldsOf(await send('POST', '/scaler/v3/adgroup/list2', { ...body, page: 0 }));
    expect(small['body.page']).toBe('Must be at least 1.');
    const far = fieldsOf(
      await send('POST', '/scaler/v3/creative/list2', { ...body, page: 100_001 }, 'zh-CN'),
    );
    expect(far['body.page']).toBe('不能大于 100,000。');
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    const ids = fieldsOf(await send('POST', '/scaler/v3/adgroup/list2', { ...body, campaign_ids: many }));
    expect(ids['body.campaign_ids']).toBe('At most 100 campaigns.');
  });

  test('a status filter outside the level lists the allowed values', async () => {
    const body = { start_date: '2026-03-01', end_date: '2026-03-01' };
    const bad = fieldsOf(await send('POST', '/scaler/v3/campaign/list2', { ...body, status: [0, 12] }));
    expect(bad.status).toBe('This value is not one of the allowed values: 0, 11, 10, 14.');
    const zh = fieldsOf(await send('POST', '/scaler/v3/creative/list2', { ...body, status: [99] }, 'zh-CN'));
    expect(zh.status).toBe('该值不在允许的取值范围内：0, 10, 13, 1, 2, 14。');
    const ok = await send('POST', '/scaler/v3/campaign/list2', { ...body, status: [0, 14] });
    expect(ok.body.code).toBe(0);
  });

  test('an account: too long a name, too many license files; a query parameter too big', async () => {
    const files = Array.from({ length: 11 }, (_, i) => `${String(i).padStart(32, '0')}.pdf`);
    const res = fieldsOf(
      await send('PUT', `/scaler/v3/advs/${w.adv1}`, { adv_name: 'x'.repeat(65), license_files: files }),
    );
    expect(res['body.adv_name']).toBe('At most 64 characters.');
    expect(res['body.license_files']).toBe('At most 10 files.');
    const zh = fieldsOf(
      await send('PUT', `/scaler/v3/advs/${w.adv1}`, { adv_name: 'x'.repeat(65) }, 'zh-CN'),
    );
    expect(zh['body.adv_name']).toBe('最多 64 个字符。');
    const query = fieldsOf(await send('GET', '/scaler/v3/advs?page_size=1000'));
    expect(query['querystring.page_size']).toBe('At most 100 rows per page.');
  });
});

describe('"No operation permission" names its cause (issue 18)', () => {
  const as403 = async (
    who: string,
    orgId: number,
    method: 'POST' | 'PUT' | 'PATCH',
    url: string,
    body: unknown,
    advId?: number,
    language = 'en-US',
  ) => {
    const res = await call(t.app, {
      method,
      url,
      body,
      token: w.tokens[who],
      headers: { 'org-id': String(orgId), ...(advId ? { 'adv-id': String(advId) } : {}), language },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(40300);
    return res.body as { msg: string; data: { cause: string } };
  };
  const company = { company_name: 'Co', profession: 'ecommerce', currency: 'USD', timezone: '+00:00' };

  test('the role, the center type, the account status, the operator flag', async () => {
    const role = await as403('user1', w.agency, 'PUT', '/scaler/v3/bc/info', { org_name: 'X', ...company });
    expect(role).toMatchObject({ data: { cause: 'role' } });
    expect(role.msg).toMatch(/^No operation permission: your role does not allow this/);

    const type = await as403('badmin', w.brand, 'POST', '/scaler/v3/advs', { adv_name: 'New', ...company });
    expect(type.data.cause).toBe('org_type');
    expect(type.msg).toMatch(/advertiser-type business centers have no agency features/);

    const patch = { ids: [1], opt_status: 0 };
    const status = await as403('admin', w.agency, 'PATCH', '/scaler/v3/campaign', patch, w.adv2);
    expect(status.data.cause).toBe('adv_status');
    expect(status.msg).toMatch(/the advertiser account is not active/);
    const zh = await as403('admin', w.agency, 'PATCH', '/scaler/v3/campaign', patch, w.adv2, 'zh-CN');
    expect(zh.msg).toBe(
      '没有操作权限：该广告账户未处于正常状态（审核中、已拒绝、已暂停或已禁用），只能查看。',
    );

    const op = await call(t.app, { url: '/scaler/sa/advs', token: w.tokens.admin });
    expect(op.status).toBe(403);
    expect(op.body.msg).toBe('No operation permission: only platform operators can do this.');
  });
});
