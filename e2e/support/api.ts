import { type APIRequestContext, request } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, DEMO_PASSWORD } from './browser';
import { freshEmail } from './console';
import { waitForMailLink } from './mail';

/**
 * Test data made through the API, outside the browser: each `Api` is its own cookie jar, so several
 * users can act in one test while the page under test keeps its own session.
 */
export interface Api {
  email: string;
  request: APIRequestContext;
  /** Calls `/scaler/...` and returns the whole envelope `{ code, msg, data }`. */
  call<T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options?: { data?: unknown; org?: number },
  ): Promise<{ code: number; msg: string; data: T }>;
  /** Like `call`, but fails the test unless `code` is 0; returns `data`. */
  ok<T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options?: { data?: unknown; org?: number },
  ): Promise<T>;
  dispose(): Promise<void>;
}

function wrap(email: string, req: APIRequestContext): Api {
  const call: Api['call'] = async (method, path, options = {}) => {
    const res = await req.fetch(path, {
      method,
      data: options.data,
      headers: { language: 'en-US', ...(options.org ? { 'org-id': String(options.org) } : {}) },
    });
    return res.json();
  };
  return {
    email,
    request: req,
    call,
    async ok(method, path, options) {
      const body = await call(method, path, options);
      if (body.code !== 0) throw new Error(`${method} ${path} as ${email}: ${JSON.stringify(body)}`);
      return body.data as never;
    },
    dispose: () => req.dispose(),
  };
}

/** A signed-in API session of an existing user (the demo users share one password). */
export async function apiAs(email: string, password = DEMO_PASSWORD): Promise<Api> {
  const req = await request.newContext({ baseURL: baseUrl() });
  const res = await req.post('/scaler/account/login', { data: { email, password } });
  const body = await res.json();
  if (body.code !== 0) throw new Error(`login failed for ${email}: ${JSON.stringify(body)}`);
  return wrap(email, req);
}

/** The password of users made by `signUpVerified`. */
export const E2E_PASSWORD = 'E2e-Pass-2026';

/** Signs a new user up, confirms the e-mail through the link of the logged e-mail, and signs in. */
export async function signUpVerified(prefix: string, password = E2E_PASSWORD): Promise<Api> {
  const email = freshEmail(prefix);
  const req = await request.newContext({ baseURL: baseUrl() });
  const registered = await (
    await req.post('/scaler/account/user', {
      data: { email, password, name: `E2E ${prefix}`, language: 'en-US' },
    })
  ).json();
  expect(registered.code).toBe(0);
  const token = new URL(await waitForMailLink(email, 'verify')).searchParams.get('token');
  const verified = await (await req.post('/scaler/account/email/verify', { data: { token } })).json();
  expect(verified.code).toBe(0);
  await req.dispose();
  return apiAs(email, password);
}

/** The company fields every center and account needs. */
export const COMPANY = {
  company_name: 'E2E Holdings Ltd',
  profession: 'ecommerce',
  currency: 'USD',
  timezone: '+00:00',
} as const;

/** A unique, readable name for objects made by one test. */
export const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

/** The smallest well-formed PNG (1×1 pixel): accepted as a license file. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A one-page PDF with the right signature: accepted as a license file. */
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** Creates an agency business center as `owner` (it starts engaged); returns its id. */
export async function createAgency(owner: Api, orgName: string): Promise<number> {
  const center = await owner.ok<{ org_id: number }>('POST', '/scaler/v3/bc', {
    data: { ...COMPANY, org_name: orgName, org_type: 1 },
  });
  return center.org_id;
}

/** Uploads a license file and returns its stored name. */
export async function uploadLicense(api: Api): Promise<string> {
  const res = await api.request.post('/scaler/v3/files?kind=license', {
    multipart: { file: { name: 'license.png', mimeType: 'image/png', buffer: TINY_PNG } },
  });
  const body = await res.json();
  if (body.code !== 0) throw new Error(`license upload failed: ${JSON.stringify(body)}`);
  return body.data.file as string;
}

/**
 * A new, active agency center with a new admin: created, submitted for verification and approved by
 * the operator, all through the API.
 */
export async function createActiveAgency(
  prefix: string,
): Promise<{ admin: Api; org: number; orgName: string }> {
  const admin = await signUpVerified(prefix);
  const orgName = uniqueName('E2E Partner');
  const org = await createAgency(admin, orgName);
  const file = await uploadLicense(admin);
  await admin.ok('POST', '/scaler/v3/bc/verification', { org, data: { license_files: [file], note: '' } });
  const operator = await apiAs('operator@demo.test');
  await operator.ok('POST', `/scaler/sa/centers/${org}/review`, {
    data: { decision: 'approve', reason: '' },
  });
  await operator.dispose();
  return { admin, org, orgName };
}

/** Creates an advertiser account of `org` as its admin (in review); returns its id. */
export async function createAccount(admin: Api, org: number, advName: string): Promise<number> {
  const created = await admin.ok<{ adv_id: number }>('POST', '/scaler/v3/advs', {
    org,
    data: { ...COMPANY, adv_name: advName, license_files: [] },
  });
  return created.adv_id;
}

/** Creates an account of `org` and has the operator approve it: a fresh active account. */
export async function createActiveAccount(admin: Api, org: number, advName: string): Promise<number> {
  const advId = await createAccount(admin, org, advName);
  const operator = await apiAs('operator@demo.test');
  await operator.ok('POST', `/scaler/sa/advs/${advId}/status`, { data: { status: 1, reason: '' } });
  await operator.dispose();
  return advId;
}
