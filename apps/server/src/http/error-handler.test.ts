import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { parseRequestContext } from './context';
import { registerErrorHandler } from './error-handler';
import { registerInputHygiene } from './input-hygiene';

/** The one error handler with a real PostgreSQL (PGlite) behind a route: data exceptions are the caller's 400. */
const pg = new PGlite();
const app = Fastify({ logger: false });
beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputHygiene(app);
  app.decorateRequest('ctx');
  app.addHook('onRequest', async (request) => {
    request.ctx = parseRequestContext(request);
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/int/:value', async (req) =>
    pg.query('select $1::int as n', [(req.params as { value: string }).value]),
  );
  r.get('/date/:value', async (req) =>
    pg.query('select $1::date as d', [(req.params as { value: string }).value]),
  );
  r.get('/table', async () => pg.query('select * from no_such_table'));
  r.get('/fault', async () => {
    throw new Error('a bug');
  });
  r.post(
    '/enum',
    { schema: { body: z.object({ kind: z.enum(['a', 'b'], { message: 'validation.required' }) }) } },
    async () => ({ ok: true }),
  );
  await app.ready();
  await pg.waitReady;
}, 120_000);
afterAll(async () => {
  await app.close();
  await pg.close();
});

test('PostgreSQL data exceptions (class 22) answer 400, never 500', async () => {
  for (const url of ['/int/99999999999', '/int/abc', '/date/2026-02-31', '/date/0000-01-01']) {
    const res = await app.inject({ url });
    expect(res.statusCode, url).toBe(400);
    expect(res.json()).toMatchObject({ code: 40000, msg: 'Some fields are invalid, please check them.' });
  }
});

test('other database errors and bugs stay server faults', async () => {
  expect((await app.inject({ url: '/table' })).statusCode).toBe(500);
  expect((await app.inject({ url: '/fault' })).statusCode).toBe(500);
});

test('an enum value that is not allowed is named so; a missing one is required; in the request language', async () => {
  const post = (payload: unknown, language = 'en-US') =>
    app.inject({ method: 'POST', url: '/enum', payload: payload as object, headers: { language } });
  expect((await post({ kind: 'c' })).json().data.fields).toEqual([
    { path: 'body.kind', message: 'This value is not one of the allowed values: a, b.' },
  ]);
  expect((await post({})).json().data.fields).toEqual([
    { path: 'body.kind', message: 'This field is required.' },
  ]);
  expect((await post({ kind: 'c' }, 'zh-CN')).json().data.fields[0].message).toBe(
    '该值不在允许的取值范围内：a, b。',
  );
});

test('NUL characters and lone surrogates are refused before any handler', async () => {
  const nul = await app.inject({ url: '/int/1%00' });
  expect(nul.statusCode).toBe(400);
  expect(nul.json().data.fields).toEqual([
    { path: 'params.value', message: 'This value contains a NUL character, which is not allowed.' },
  ]);
  const body = await app.inject({
    method: 'POST',
    url: '/enum',
    headers: { 'content-type': 'application/json' },
    payload: '{"kind":"a","nested":[{"x":"\\ud800"}]}',
  });
  expect(body.statusCode).toBe(400);
  expect(body.json().data.fields).toEqual([
    { path: 'body.nested.0.x', message: 'This value contains broken Unicode characters.' },
  ]);
});
