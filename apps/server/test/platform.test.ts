import { afterAll, beforeAll, expect, test } from 'vitest';
import { call, createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('health check reports the database', async () => {
  const res = await call(t.app, { url: '/healthz' });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ status: 'ok', db: 'ok', kind: t.kind });
});

test('unknown API paths answer a JSON 404 envelope in the request language', async () => {
  const res = await call(t.app, { url: '/scaler/v3/nothing-here', headers: { language: 'zh-CN' } });
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ code: 40400, msg: '未找到请求的内容。', data: null });
});

test('docs pages and default avatars are served', async () => {
  for (const lang of ['en', 'zh']) {
    const res = await t.app.inject({ url: `/docs/${lang}/` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  }
  for (const type of ['adv', 'bc', 'member', 'pay']) {
    const res = await t.app.inject({ url: `/static/avatars/default-${type}.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('svg');
  }
  for (const url of ['/static/..%2f..%2fpackage.json', '/static/%2e%2e/%2e%2e/package.json']) {
    const res = await t.app.inject({ url });
    expect(res.body).not.toContain('"workspaces"');
  }
});

test('the OpenAPI document is generated from the validating schemas', async () => {
  const res = await call(t.app, { url: '/scaler/openapi.json' });
  expect(res.status).toBe(200);
  expect(res.body.openapi).toMatch(/^3\./);
  const login = res.body.paths['/scaler/account/login'].post;
  const schema = login.requestBody.content['application/json'].schema;
  expect(schema.required).toEqual(expect.arrayContaining(['email', 'password']));
  for (const p of [
    '/scaler/account/user',
    '/scaler/account/routes',
    '/scaler/v3/bc',
    '/scaler/v3/info/msg',
  ]) {
    expect(res.body.paths).toHaveProperty([p]);
  }
});

test('a malformed JSON body is a 400, not a fault', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/scaler/account/login',
    headers: { 'content-type': 'application/json' },
    payload: '{"email":',
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().code).toBe(40000);
});
