import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp, type TestApp } from './harness';
import { as, buildWorld, PDF, PNG, partnerWith, upload, type World } from './world';

/**
 * Every business-center endpoint, called as each kind of caller. An expected value below 1000 is the
 * HTTP status (200 meaning code 0); 10000 and above is a business code answered with HTTP 200.
 */
const ACTORS = ['anon', 'oadmin', 'operator', 'padmin', 'user2', 'user1', 'admin'] as const;
type ActorName = (typeof ACTORS)[number];
type Expect = Record<ActorName, number>;

const row = (
  anon: number,
  oadmin: number,
  operator: number,
  padmin: number,
  user2: number,
  user1: number,
  admin: number,
): Expect => ({
  anon,
  oadmin,
  operator,
  padmin,
  user2,
  user1,
  admin,
});
/** Member-only reads: outsiders (other center, operator, partner) do not find the center. */
const MEMBERS_READ = row(401, 404, 404, 404, 200, 200, 200);
const ADMIN_ONLY = row(401, 404, 404, 404, 403, 403, 200);
const OPERATOR_ONLY = row(401, 403, 200, 403, 403, 403, 403);
const ANY_USER = row(401, 200, 200, 200, 200, 200, 200);

let t: TestApp;
let w: World;
let invitationId: number;
let incomingRequest: number;
let closable: number;
let licenseFile: string;

const company = { company_name: 'Co', profession: 'media', currency: 'USD', timezone: '+00:00' };

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  const admin = as(t, w, 'admin', w.agency);
  await partnerWith(t, w, w.partner, 'padmin');
  await admin.send('PUT', `/scaler/v3/bc/partners/${w.partner}/shares`, {
    advs: [{ adv_id: w.adv1, adv_role: 'role_analyst' }],
  });
  await admin.send('POST', '/scaler/v3/bc/invitations', {
    emails: ['matrix-pending@example.com'],
    org_role: 'org_user',
  });
  invitationId = (await admin.get('/scaler/v3/bc/invitations')).body.data.list[0].id;
  // Another center asks the agency to become partners: a request the agency's admins answer.
  incomingRequest = (
    await as(t, w, 'oadmin', w.other).send('POST', '/scaler/v3/bc/partners', { partner_org_id: w.agency })
  ).body.data.id;
  closable = (await admin.send('POST', '/scaler/v3/advs', { adv_name: 'Closable', ...company })).body.data
    .adv_id;
  licenseFile = (await upload(t.app, w.tokens.admin, 'license', PDF)).body.data.file;
  await admin.send('PUT', `/scaler/v3/advs/${w.adv1}`, {
    adv_name: 'Adv One',
    ...company,
    license_files: [licenseFile],
  });
});
afterAll(() => t.close());

interface Case {
  name: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: () => string;
  body?: () => unknown;
  org?: () => number;
  expect: Expect;
}

const cases: Case[] = [
  { name: 'GET bc/info', url: () => '/scaler/v3/bc/info', expect: MEMBERS_READ },
  {
    name: 'PUT bc/info',
    method: 'PUT',
    url: () => '/scaler/v3/bc/info',
    body: () => ({ org_name: 'Agency', ...company }),
    expect: ADMIN_ONLY,
  },
  {
    name: 'PUT bc/commission',
    method: 'PUT',
    url: () => '/scaler/v3/bc/commission',
    body: () => ({
      show_commission: true,
      use_commission: false,
      commission_rate: 0.05,
      effective_time: null,
    }),
    expect: ADMIN_ONLY,
  },
  { name: 'GET bc/commission/history', url: () => '/scaler/v3/bc/commission/history', expect: ADMIN_ONLY },
  { name: 'GET bc/overview', url: () => '/scaler/v3/bc/overview', expect: MEMBERS_READ },
  { name: 'GET bc/activity', url: () => '/scaler/v3/bc/activity', expect: ADMIN_ONLY },
  { name: 'GET bc/verification', url: () => '/scaler/v3/bc/verification', expect: MEMBERS_READ },
  {
    name: 'POST bc/verification (active center: not allowed)',
    method: 'POST',
    url: () => '/scaler/v3/bc/verification',
    body: () => ({ license_files: [licenseFile] }),
    expect: row(401, 404, 404, 404, 403, 403, 10206),
  },
  { name: 'GET bc/members', url: () => '/scaler/v3/bc/members', expect: MEMBERS_READ },
  { name: 'GET bc/invitations', url: () => '/scaler/v3/bc/invitations', expect: ADMIN_ONLY },
  {
    name: 'POST bc/invitations',
    method: 'POST',
    url: () => '/scaler/v3/bc/invitations',
    body: () => ({ emails: ['matrix-new@example.com'], org_role: 'org_user' }),
    expect: ADMIN_ONLY,
  },
  {
    name: 'POST invitation resend',
    method: 'POST',
    url: () => `/scaler/v3/bc/invitations/${invitationId}/resend`,
    expect: ADMIN_ONLY,
  },
  {
    name: 'PUT member role',
    method: 'PUT',
    url: () => `/scaler/v3/bc/members/${w.ids.user2}`,
    body: () => ({ org_role: 'org_user' }),
    expect: ADMIN_ONLY,
  },
  {
    name: 'PUT member accounts',
    method: 'PUT',
    url: () => `/scaler/v3/bc/members/${w.ids.user1}/advs`,
    body: () => ({ advs: [{ adv_id: w.adv1, adv_role: 'role_operator' }] }),
    expect: ADMIN_ONLY,
  },
  {
    name: 'DELETE a member who does not exist',
    method: 'DELETE',
    url: () => `/scaler/v3/bc/members/${'0'.repeat(24)}`,
    expect: row(401, 404, 404, 404, 403, 403, 404),
  },
  {
    name: 'DELETE invitation',
    method: 'DELETE',
    url: () => `/scaler/v3/bc/invitations/${invitationId}`,
    expect: ADMIN_ONLY,
  },
  { name: 'GET bc/partners', url: () => '/scaler/v3/bc/partners', expect: ADMIN_ONLY },
  {
    name: 'POST bc/partners (itself: invalid)',
    method: 'POST',
    url: () => '/scaler/v3/bc/partners',
    body: () => ({ partner_org_id: w.agency }),
    expect: row(401, 404, 404, 404, 403, 403, 10205),
  },
  {
    name: 'DELETE a partner request the center did not make',
    method: 'DELETE',
    url: () => `/scaler/v3/bc/partners/requests/${incomingRequest}`,
    expect: row(401, 404, 404, 404, 403, 403, 404),
  },
  {
    name: 'POST decline a partner request that does not exist',
    method: 'POST',
    url: () => '/scaler/v3/bc/partners/requests/999999/decline',
    expect: row(401, 404, 404, 404, 403, 403, 404),
  },
  {
    name: 'POST accept a partner request made to the center',
    method: 'POST',
    url: () => `/scaler/v3/bc/partners/requests/${incomingRequest}/accept`,
    expect: ADMIN_ONLY,
  },
  {
    name: 'PUT partner shares',
    method: 'PUT',
    url: () => `/scaler/v3/bc/partners/${w.partner}/shares`,
    body: () => ({ advs: [{ adv_id: w.adv1, adv_role: 'role_analyst' }] }),
    expect: ADMIN_ONLY,
  },
  {
    name: 'DELETE a center that is not a partner',
    method: 'DELETE',
    url: () => `/scaler/v3/bc/partners/${w.brand}`,
    expect: row(401, 404, 404, 404, 403, 403, 404),
  },
  { name: 'GET advs', url: () => '/scaler/v3/advs', expect: MEMBERS_READ },
  {
    name: 'POST advs',
    method: 'POST',
    url: () => '/scaler/v3/advs',
    body: () => ({ adv_name: 'Matrix', ...company }),
    expect: ADMIN_ONLY,
  },
  {
    name: 'GET assigned account',
    url: () => `/scaler/v3/advs/${w.adv1}`,
    expect: row(401, 404, 404, 404, 404, 200, 200),
  },
  {
    name: 'GET unassigned account',
    url: () => `/scaler/v3/advs/${w.adv2}`,
    expect: row(401, 404, 404, 404, 404, 404, 200),
  },
  {
    name: 'GET another center’s account',
    url: () => `/scaler/v3/advs/${w.advOther}`,
    expect: row(401, 404, 404, 404, 404, 404, 404),
  },
  {
    name: 'PUT account',
    method: 'PUT',
    url: () => `/scaler/v3/advs/${w.adv1}`,
    body: () => ({ adv_name: 'Adv One', ...company, license_files: [licenseFile] }),
    expect: ADMIN_ONLY,
  },
  {
    name: 'PUT account members',
    method: 'PUT',
    url: () => `/scaler/v3/advs/${w.adv1}/members`,
    body: () => ({ members: [{ user_id: w.ids.user1, adv_role: 'role_operator' }] }),
    expect: ADMIN_ONLY,
  },
  { name: 'GET markups', url: () => '/scaler/v3/advs/markups', expect: ADMIN_ONLY },
  {
    name: 'PUT markup',
    method: 'PUT',
    url: () => `/scaler/v3/advs/${w.adv1}/markup`,
    body: () => ({ ratio: 0.1, start_date: '2026-01-01' }),
    expect: ADMIN_ONLY,
  },
  { name: 'GET markup history', url: () => `/scaler/v3/advs/${w.adv1}/markup/history`, expect: ADMIN_ONLY },
  {
    name: 'DELETE markup',
    method: 'DELETE',
    url: () => `/scaler/v3/advs/${w.adv1}/markup`,
    expect: ADMIN_ONLY,
  },
  {
    name: 'POST close account',
    method: 'POST',
    url: () => `/scaler/v3/advs/${closable}/close`,
    expect: ADMIN_ONLY,
  },
  {
    name: 'GET license file of an account',
    url: () => `/scaler/account/license_files/${licenseFile}?adv_id=${w.adv1}`,
    expect: row(401, 404, 200, 404, 404, 404, 200),
  },
  {
    name: 'PUT profile',
    method: 'PUT',
    url: () => '/scaler/account/profile',
    body: () => ({ name: 'Someone', language: 'en-US' }),
    expect: ANY_USER,
  },
  { name: 'GET notices', url: () => '/scaler/v3/info/msg', expect: ANY_USER },
  {
    name: 'POST clear notices',
    method: 'POST',
    url: () => '/scaler/v3/info/msg/clear',
    body: () => ({}),
    expect: ANY_USER,
  },
  { name: 'GET sa/centers', url: () => '/scaler/sa/centers', expect: OPERATOR_ONLY },
  {
    name: 'POST sa/centers review (nothing pending)',
    method: 'POST',
    url: () => `/scaler/sa/centers/${w.agency}/review`,
    body: () => ({ decision: 'approve' }),
    expect: row(401, 403, 404, 403, 403, 403, 403),
  },
  { name: 'GET sa/advs', url: () => '/scaler/sa/advs', expect: OPERATOR_ONLY },
  {
    name: 'POST sa/advs status',
    method: 'POST',
    url: () => `/scaler/sa/advs/${w.adv2}/status`,
    body: () => ({ status: 3, reason: 'matrix' }),
    expect: OPERATOR_ONLY,
  },
  { name: 'GET sa/log', url: () => '/scaler/sa/log', expect: OPERATOR_ONLY },
  // In the partner center: the shared account is reachable (read only), never editable.
  {
    name: 'GET shared account in the partner center',
    url: () => `/scaler/v3/advs/${w.adv1}`,
    org: () => w.partner,
    expect: row(401, 404, 404, 200, 404, 404, 404),
  },
  {
    name: 'PUT shared account from the partner center',
    method: 'PUT',
    url: () => `/scaler/v3/advs/${w.adv1}`,
    org: () => w.partner,
    body: () => ({ adv_name: 'Hijack', ...company }),
    expect: row(401, 404, 404, 404, 404, 404, 404),
  },
  {
    name: 'POST close shared account from the partner center',
    method: 'POST',
    url: () => `/scaler/v3/advs/${w.adv1}/close`,
    org: () => w.partner,
    expect: row(401, 404, 404, 404, 404, 404, 404),
  },
];

describe('permission matrix', () => {
  for (const c of cases) {
    test(c.name, async () => {
      const answers: Record<string, number> = {};
      for (const actor of ACTORS) {
        const res = await call(t.app, {
          method: c.method ?? 'GET',
          url: c.url(),
          body: c.body?.(),
          token: actor === 'anon' ? undefined : w.tokens[actor],
          headers: { 'org-id': String(c.org?.() ?? w.agency) },
        });
        answers[actor] = res.status === 200 && res.body?.code ? res.body.code : res.status;
      }
      expect(answers).toEqual(c.expect);
    });
  }

  test('POST files (upload) needs only a session', async () => {
    expect((await upload(t.app, undefined, 'avatar', PNG)).status).toBe(401);
    for (const actor of ACTORS.filter((a) => a !== 'anon')) {
      expect((await upload(t.app, w.tokens[actor], 'avatar', PNG)).body.code).toBe(0);
    }
  });
});
