import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { adGroups, advertisers, advMembers, campaigns, creatives, orgMembers, orgs } from '../src/db/schema';
import { call, createUser, loginAs, type TestApp } from './harness';

/** A tiny PNG (1x1), a real one, for upload tests. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Uploads a file as the console does (multipart), returning the envelope. */
export async function upload(
  app: FastifyInstance,
  token: string | undefined,
  kind: 'avatar' | 'license',
  bytes: Buffer,
  filename = 'file.bin',
) {
  const boundary = '----scalertest';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: `/scaler/v3/files?kind=${kind}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(token ? { token } : {}) },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() };
}

export interface World {
  agency: number;
  partner: number;
  other: number;
  brand: number;
  adv1: number;
  adv2: number;
  advOther: number;
  ids: Record<string, string>;
  tokens: Record<string, string>;
}

const company = { companyName: 'Co', profession: 'ecommerce', currency: 'USD', timezone: '+00:00' };

/**
 * Centers: agency (active, agency type) with admin, a second admin, user1 (operator on adv1) and user2
 * (no accounts); partner (active agency) with padmin and puser; other (active agency) with oadmin;
 * brand (active, advertiser type) with badmin. Accounts adv1 (status 1) and adv2 (status 0) of agency,
 * advOther (1) of other. operator: a platform operator.
 */
export async function buildWorld(t: TestApp): Promise<World> {
  const mkOrg = async (orgName: string, orgType = 1) =>
    (
      await t.db
        .insert(orgs)
        .values({ orgName, orgType, orgStatus: 1, ...company })
        .returning()
    )[0].orgId;
  const agency = await mkOrg('Agency');
  const partner = await mkOrg('Partner');
  const other = await mkOrg('Other');
  const brand = await mkOrg('Brand', 2);
  const people: [string, number | null, 'org_admin' | 'org_user' | null][] = [
    ['admin', agency, 'org_admin'],
    ['admin2', agency, 'org_admin'],
    ['user1', agency, 'org_user'],
    ['user2', agency, 'org_user'],
    ['padmin', partner, 'org_admin'],
    ['puser', partner, 'org_user'],
    ['oadmin', other, 'org_admin'],
    ['badmin', brand, 'org_admin'],
    ['operator', null, null],
  ];
  const ids: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  for (const [name, orgId, role] of people) {
    ids[name] = await createUser(t.db, `${name}@world.test`, { isOperator: name === 'operator' });
    if (orgId && role) await t.db.insert(orgMembers).values({ orgId, userId: ids[name], orgRole: role });
    tokens[name] = await loginAs(t.app, `${name}@world.test`);
  }
  const mkAdv = async (orgId: number, advName: string, status: number) =>
    (
      await t.db
        .insert(advertisers)
        .values({ orgId, advName, status, ...company })
        .returning()
    )[0].advId;
  const adv1 = await mkAdv(agency, 'Adv One', 1);
  const adv2 = await mkAdv(agency, 'Adv Two', 0);
  const advOther = await mkAdv(other, 'Other Adv', 1);
  await t.db
    .insert(advMembers)
    .values({ advId: adv1, userId: ids.user1, advRole: 'role_operator', orgId: agency });
  return { agency, partner, other, brand, adv1, adv2, advOther, ids, tokens };
}

/** Calls as one of the world's people in a center. */
export const as = (t: TestApp, w: World, who: string, orgId?: number) => ({
  get: (url: string) =>
    call(t.app, { url, token: w.tokens[who], headers: orgId ? { 'org-id': String(orgId) } : {} }),
  send: (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    call(t.app, {
      method,
      url,
      body,
      token: w.tokens[who],
      headers: orgId ? { 'org-id': String(orgId) } : {},
    }),
});

export const orgStatus = async (t: TestApp, orgId: number) =>
  (await t.db.select({ s: orgs.orgStatus }).from(orgs).where(eq(orgs.orgId, orgId)))[0].s;

/**
 * Makes `partnerOrg` a partner of the owner center through the consent flow: the owner's admin asks,
 * the partner's admin accepts.
 */
export async function partnerWith(
  t: TestApp,
  w: World,
  partnerOrg: number,
  partnerAdmin: string,
  owner: { who: string; org: number } = { who: 'admin', org: w.agency },
) {
  const asked = await as(t, w, owner.who, owner.org).send('POST', '/scaler/v3/bc/partners', {
    partner_org_id: partnerOrg,
  });
  const accepted = await as(t, w, partnerAdmin, partnerOrg).send(
    'POST',
    `/scaler/v3/bc/partners/requests/${asked.body.data?.id}/accept`,
  );
  if (accepted.body?.code !== 0)
    throw new Error(`partnership failed: ${JSON.stringify([asked.body, accepted.body])}`);
}

/** A web campaign of the account, written directly (tests that build objects for their facts). */
export async function testCampaign(t: TestApp, advId: number, name: string): Promise<number> {
  const [c] = await t.db
    .insert(campaigns)
    .values({
      advId,
      name,
      campaignType: 'install',
      promoteGoal: 'web_traffic',
      os: 2,
      linkType: 2,
      landingUrl: 'https://x.test',
    })
    .returning();
  return c.id;
}

/**
 * A web campaign of the account with one CPM ad group and one approved image creative, written directly
 * (tests that write facts for it).
 */
export async function deliveryObjects(t: TestApp, advId: number, name: string) {
  const campaignId = await testCampaign(t, advId, name);
  const [g] = await t.db
    .insert(adGroups)
    .values({ advId, campaignId, name: 'G', biddingType: 1, billingType: 1, bidPrice: '2' })
    .returning();
  const [cr] = await t.db
    .insert(creatives)
    .values({
      advId,
      campaignId,
      adgroupId: g.id,
      name: 'Banner',
      creativeType: 'image',
      reviewStatus: 3,
    })
    .returning();
  return { campaignId, adgroupId: g.id, creativeId: cr.id };
}
