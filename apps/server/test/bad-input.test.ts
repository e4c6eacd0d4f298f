import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../src/seed/demo';
import { createTestApp } from './harness';

/**
 * Walks every operation of the OpenAPI document (so a route added later is walked too) and sends hostile
 * values for each path parameter, query parameter and body field, then hostile bodies as a whole: ids past
 * the integer range, impossible dates, NUL characters, lone surrogates, wrong types, broken JSON, oversized
 * strings. The server may refuse (400, 404, 413, 415, 429 ...) but must never fail (5xx).
 *
 * Calls are made as the demo org admin with the headers of the demo's first center and account (operator
 * routes: as the operator), with a valid sample for every other field, so a hostile value reaches as deep as
 * it can.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  nullable?: boolean;
};
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const ORG = 100001;
const ADV = 1000001;
const WALKER_IP = '203.0.113.7';
const LOGIN_IP = '203.0.113.8';

const t = await createTestApp();
await seedDemo({ db: t.db, storage: t.storage });
afterAll(() => t.close());

const doc = (await t.app.inject({ url: '/scaler/openapi.json' })).json() as OpenApiDoc;

const tokens = new Map<string, string>();
async function tokenOf(email: string): Promise<string> {
  const known = tokens.get(email);
  if (known) {
    const check = await t.app.inject({ url: '/scaler/account/user_info', headers: { token: known } });
    if (check.statusCode === 200) return known;
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/scaler/account/login',
    payload: { email, password: DEMO_PASSWORD },
    remoteAddress: LOGIN_IP,
  });
  const token = res.json().data?.token;
  if (typeof token !== 'string') throw new Error(`login as ${email}: ${res.body}`);
  tokens.set(email, token);
  return token;
}

const resolve = (schema: Schema | undefined): Schema => {
  if (!schema) return {};
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() ?? '';
    return resolve(doc.components?.schemas?.[name]);
  }
  return schema;
};

/** Candidate strings; a sample takes the first one its schema accepts. */
const STRING_CANDIDATES = [
  'Sample',
  'sample@example.com',
  '2026-01-15',
  '+08:00',
  'https://example.com/landing',
  'https://play.google.com/store/apps/details?id=com.example.app',
  'com.example.app',
  '0123456789abcdef01234567',
  `${'a'.repeat(32)}.pdf`,
  `avatars/${'a'.repeat(32)}.png`,
  DEMO_PASSWORD,
  'A1',
  'sample_event',
];

function sampleString(s: Schema): string {
  if (s.format === 'email') return 'sample@example.com';
  if (s.format === 'date') return '2026-01-15';
  const fits = (v: string) =>
    (s.minLength === undefined || v.length >= s.minLength) &&
    (s.maxLength === undefined || v.length <= s.maxLength) &&
    (!s.pattern || new RegExp(s.pattern, 'u').test(v));
  return STRING_CANDIDATES.find(fits) ?? 'x'.repeat(Math.max(1, s.minLength ?? 1));
}

/** A plausible valid value for a schema (ids of the demo's center and account where a name says so). */
function sample(raw: Schema | undefined, name = ''): unknown {
  const s = resolve(raw);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum.find((v) => v !== null) ?? s.enum[0];
  const choice = s.anyOf ?? s.oneOf;
  if (choice?.length) {
    const first = choice.map(resolve).find((c) => c.type !== 'null') ?? choice[0];
    return sample(first, name);
  }
  if (s.allOf?.length) return Object.assign({}, ...s.allOf.map((part) => sample(part, name)));
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(s.properties ?? {})) out[key] = sample(prop, key);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 0) }, () => sample(s.items, name));
    case 'integer':
    case 'number': {
      if (/org/.test(name)) return ORG;
      if (/adv/.test(name)) return ADV;
      const min = s.minimum ?? 1;
      return Math.min(Math.max(1, min), s.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return true;
    case 'string':
      return sampleString(s);
    default:
      return s.default ?? 'Sample';
  }
}

/**
 * Hostile values for a path or query parameter, as they travel in a URL (percent-encoded where needed, so
 * broken encodings such as a lone surrogate's bytes or a bare `%` reach the server as sent).
 */
const enc = encodeURIComponent;
const HOSTILE_PARAMS: string[] = [
  '99999999999999999999',
  '2147483648',
  '9223372036854775808',
  '-1',
  '0',
  '1.5',
  '1e400',
  'NaN',
  'abc',
  '2026-02-31',
  '0000-00-00',
  'x%00y',
  '%00',
  '%ED%A0%80',
  '%FF%FE',
  '%',
  '%E0%A4%A',
  enc('\uffff'),
  'a'.repeat(5000),
  enc("' or 1=1 --"),
  enc('../../etc/passwd'),
  '',
];

/** Hostile JSON values for a body field. */
const HOSTILE_VALUES: unknown[] = [
  1e20,
  2147483648,
  -2147483649,
  1.5,
  -1,
  0,
  1e308,
  '99999999999999999999',
  '2026-02-31',
  '9999-12-31',
  'x\u0000y',
  '\ud800',
  'a'.repeat(100_000),
  '',
  null,
  true,
  [],
  [null],
  [['nested']],
  {},
  { a: { b: 1 } },
];

/** More of a hostile run of `a` than any refusal may repeat (`ECHO_MAX_CHARS`, 200). */
const LONG_ECHO = 'a'.repeat(201);

/** Whole bodies that are broken or of the wrong shape. */
const HOSTILE_BODIES: { payload: string | Buffer; type: string }[] = [
  { payload: '{"a":', type: 'application/json' },
  { payload: '[]', type: 'application/json' },
  { payload: '[{}]', type: 'application/json' },
  { payload: '"text"', type: 'application/json' },
  { payload: 'null', type: 'application/json' },
  { payload: '12345678901234567890', type: 'application/json' },
  { payload: '{"\\u0000":"\\u0000"}', type: 'application/json' },
  { payload: '{"__proto__":{"x":1},"constructor":{"prototype":{"x":1}}}', type: 'application/json' },
  { payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, type: 'application/json' },
  { payload: '{"a":1}', type: 'text/plain' },
  { payload: 'x\u0000y', type: 'text/plain' },
  { payload: Buffer.from([0xff, 0xfe, 0x00, 0xc3]), type: 'application/json' },
  {
    payload: '--b\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc',
    type: 'multipart/form-data; boundary=b',
  },
  { payload: 'not multipart at all', type: 'multipart/form-data; boundary=zzz' },
  { payload: '--b--', type: 'multipart/form-data' },
  { payload: 'a=1&a=2&b[c]=%00', type: 'application/x-www-form-urlencoded' },
];

/** Every `[path, value]` inside a sample body, so each field (nested ones too) gets hostile values. */
function fieldPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) {
    return value.length ? [prefix, ...fieldPaths(value[0], [...prefix, 0])] : [prefix];
  }
  if (value && typeof value === 'object') {
    const nested = Object.entries(value).flatMap(([k, v]) => fieldPaths(v, [...prefix, k]));
    return prefix.length ? [prefix, ...nested] : nested;
  }
  return prefix.length ? [prefix] : [];
}

function withField(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1]] = value;
  return copy;
}

const describeValue = (v: unknown) => {
  const text = typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
  METHODS.filter((m) => ops[m]).map((method) => ({ path, method, op: ops[method] as Operation })),
);

test('the OpenAPI document lists the API, tracking and file routes', () => {
  const names = operations.map((o) => `${o.method.toUpperCase()} ${o.path}`);
  expect(operations.length).toBeGreaterThan(60);
  for (const name of ['POST /scaler/v3/files', 'PUT /scaler/v3/advs/{adv_id}/markup', 'POST /px/collect']) {
    expect(names).toContain(name);
  }
});

describe('what a caller reads for typical bad values', () => {
  const as = async (method: InjectOptions['method'], url: string, payload?: unknown, language = 'en-US') => {
    const res = await t.app.inject({
      method,
      url,
      remoteAddress: WALKER_IP,
      headers: {
        token: await tokenOf('admin@demo.test'),
        'org-id': String(ORG),
        'adv-id': String(ADV),
        language,
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, fields: res.json().data?.fields };
  };

  test('an id past the integer range is invalid (400), not a fault', async () => {
    expect(await as('GET', '/scaler/v3/advs/2147483648')).toMatchObject({
      status: 400,
      fields: [{ path: 'params.adv_id' }],
    });
    expect((await as('DELETE', '/scaler/v3/bc/partners/99999999999999999999')).status).toBe(400);
  });

  test('an impossible date is named as such', async () => {
    const res = await as('PUT', `/scaler/v3/advs/${ADV}/markup`, { ratio: 0.1, start_date: '2026-02-31' });
    expect(res).toEqual({
      status: 400,
      fields: [{ path: 'body.start_date', message: 'Please enter a real calendar date (YYYY-MM-DD).' }],
    });
    const report = await as(
      'GET',
      `/scaler/v3/pixel/event/statis?pixel_id=${'a'.repeat(24)}&start_date=2026-01-01&end_date=2026-04-31`,
    );
    expect(report.fields).toEqual([
      { path: 'querystring.end_date', message: 'Please enter a real calendar date (YYYY-MM-DD).' },
    ]);
  });

  test('an unknown attribution partner is "not one of the allowed values", in both languages', async () => {
    const app = {
      name: 'Bad partner',
      bundle_id: 'com.example.bad',
      os: 2,
      download_type: 1,
      download_link: 'https://play.google.com/store/apps/details?id=com.example.bad',
      partner: 'nope',
      partner_app_id: 'x1',
    };
    const en = await as('POST', '/scaler/v3/app', app);
    expect(en.status).toBe(400);
    expect(en.fields).toEqual([
      {
        path: 'body.partner',
        message:
          'This value is not one of the allowed values: appsflyer, adjust, branch, kochava, singular, tenjin, airbridge, appmetrica.',
      },
    ]);
    const zh = await as('POST', '/scaler/v3/app', app, 'zh-CN');
    expect(zh.fields[0].message).toMatch(/^该值不在允许的取值范围内：appsflyer, adjust/);
  });

  test('a 1 MB value is quoted in at most 200 characters and an ellipsis, never whole', async () => {
    const headers = async (extra: Record<string, string> = {}) => ({
      token: await tokenOf('admin@demo.test'),
      'org-id': String(ORG),
      'adv-id': String(ADV),
      ...extra,
    });
    const mega = (c: string) => c.repeat(1_000_000);
    const answers = [
      // A publisher list whose one id is 999,990 characters (the list may be 1,000,000).
      await t.app.inject({
        method: 'PUT',
        url: '/scaler/v3/bundle/list',
        remoteAddress: WALKER_IP,
        headers: await headers(),
        payload: { name: 'Echo', items: `${'b'.repeat(999_990)}!` },
      }),
      // A foreign origin of 1 MB.
      await t.app.inject({
        method: 'POST',
        url: '/scaler/v3/info/msg/clear',
        remoteAddress: WALKER_IP,
        headers: await headers({ origin: `https://${mega('o')}.example` }),
        payload: {},
      }),
      // A path parameter of 1 MB (the router's own refusal) and one the router cannot decode.
      await t.app.inject({
        url: `/scaler/v3/advs/${mega('7')}`,
        remoteAddress: WALKER_IP,
        headers: await headers(),
      }),
      await t.app.inject({ url: `/scaler/v3/advs/%E0%A4%A${mega('7')}`, remoteAddress: WALKER_IP }),
      // A query value and a body value of 1 MB refused by their schemas.
      await t.app.inject({
        url: `/scaler/v3/utils/adgroup_list?campaign_id=${mega('9')}`,
        remoteAddress: WALKER_IP,
        headers: await headers(),
      }),
      await t.app.inject({
        method: 'POST',
        url: '/scaler/v3/app',
        remoteAddress: WALKER_IP,
        headers: await headers(),
        payload: { name: 'x', os: 2, download_type: 1, partner: mega('p') },
      }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body.slice(0, 200)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.headers['content-type']).toMatch(/json/);
      expect(res.body.length, res.body.slice(0, 300)).toBeLessThan(2000);
      expect(res.json().code).toBeGreaterThan(0);
    }
    const [bundles, origin] = answers.map((res) => res.json());
    expect(bundles.data.fields[0].message).toBe(`Not publisher IDs: ${'b'.repeat(200)}….`);
    expect(origin.msg).toContain(`(https://${'o'.repeat(192)}…)`);
  });

  test('a NUL character is refused with 400 wherever it is', async () => {
    const res = await as('POST', '/scaler/v3/pixel', { name: 'a\u0000b', conversion_type: 1, mode: 1 });
    expect(res).toEqual({
      status: 400,
      fields: [{ path: 'body.name', message: 'This value contains a NUL character, which is not allowed.' }],
    });
  });
});

for (const { path, method, op } of operations) {
  test(`${method.toUpperCase()} ${path}: hostile input answers 4xx, never 5xx`, {
    timeout: 120_000,
  }, async () => {
    const email = path.startsWith('/scaler/sa/') ? 'operator@demo.test' : 'admin@demo.test';
    const token = await tokenOf(email);
    const headers = { token, 'org-id': String(ORG), 'adv-id': String(ADV) };
    const params = op.parameters ?? [];
    const pathParams = Object.fromEntries(
      params.filter((p) => p.in === 'path').map((p) => [p.name, enc(String(sample(p.schema, p.name)))]),
    );
    const query = Object.fromEntries(
      params.filter((p) => p.in === 'query').map((p) => [p.name, enc(String(sample(p.schema, p.name)))]),
    );
    const bodySchema = op.requestBody?.content?.['application/json']?.schema;
    const body = bodySchema ? sample(bodySchema) : undefined;

    /** Values are inserted as they are: samples are encoded here, hostile values come encoded. */
    const urlOf = (pp: Record<string, string>, q: Record<string, string | string[]>) => {
      const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => pp[name] ?? '');
      const qs = Object.entries(q)
        .flatMap(([k, v]) => [v].flat().map((one) => `${enc(k)}=${one}`))
        .join('&');
      return qs ? `${filled}?${qs}` : filled;
    };

    const failures: string[] = [];
    const send = async (label: string, options: InjectOptions) => {
      const res = await t.app.inject({
        method: method.toUpperCase() as InjectOptions['method'],
        remoteAddress: WALKER_IP,
        ...options,
        headers: { ...headers, ...options.headers },
      });
      if (res.statusCode >= 500 && res.statusCode !== 503) {
        failures.push(`${label} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      // A refusal quotes at most a few hundred characters of what it was sent (the long values are runs of `a`).
      if (res.statusCode >= 400 && res.body.includes(LONG_ECHO)) {
        failures.push(`${label} -> ${res.statusCode} repeats the value (${res.body.length} bytes)`);
      }
    };
    const jsonBody = (payload: unknown) =>
      payload === undefined
        ? {}
        : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } };

    for (const name of Object.keys(pathParams)) {
      for (const value of HOSTILE_PARAMS) {
        await send(`path ${name}=${describeValue(value)}`, {
          url: urlOf({ ...pathParams, [name]: value }, query),
          ...jsonBody(body),
        });
      }
    }
    for (const name of Object.keys(query)) {
      for (const value of HOSTILE_PARAMS) {
        await send(`query ${name}=${describeValue(value)}`, {
          url: urlOf(pathParams, { ...query, [name]: value }),
          ...jsonBody(body),
        });
      }
      await send(`query ${name} twice`, {
        url: urlOf(pathParams, { ...query, [name]: ['1', '2'] }),
        ...jsonBody(body),
      });
    }
    for (const field of fieldPaths(body)) {
      for (const value of HOSTILE_VALUES) {
        await send(`body ${field.join('.')}=${describeValue(value)}`, {
          url: urlOf(pathParams, query),
          ...jsonBody(withField(body, field, value)),
        });
      }
    }
    if (method !== 'get') {
      for (const { payload, type } of HOSTILE_BODIES) {
        await send(`body (${type}) ${describeValue(payload.toString())}`, {
          url: urlOf(pathParams, query),
          payload,
          headers: { 'content-type': type },
        });
      }
    }
    expect(failures).toEqual([]);
  });
}
