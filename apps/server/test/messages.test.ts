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
