import { advCan } from '@scaler/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Actor } from '../src/access/actor';
import { advReach, findReachableAdvertiser, reachableColumns } from '../src/access/org-access';
import { advertisers, advMembers, advShares, orgMembers, orgPartners, orgs } from '../src/db/schema';
import { type PerfDeps, requireAds } from '../src/modules/account-scope/scope';
import { moneyViewOf } from '../src/modules/money-view/view';
import { createTestApp, type TestApp } from './harness';
import { backdateCommission, backdateMarkup } from './money';
import { buildWorld, type World } from './world';

/**
 * The account check of every account page runs as one statement (`accountReach`, behind
 * `requireAdvAccess` and `requireAds`). It must answer exactly as the general relation (`advReach`) for
 * every person, center and account, through each way of reaching an account and each change that takes
 * one away; and `requireAds` reads the markup and commission versions that reports and lists apply.
 */

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

const actorOf = (w: World, who: string): Actor => ({
  userId: w.ids[who],
  email: `${who}@world.test`,
  name: who,
  isOperator: who === 'operator',
  v: 0,
  sessionId: 0,
});

const depsOf = (who: string, orgId: number, advId: number, mark = false): PerfDeps => ({
  db: t.db,
  actor: actorOf(w, who),
  orgId,
  advId,
  locale: 'en-US',
  timezone: 0,
  reportType: 'request',
  mark,
});

/** What the general relation says: the account as `who` reaches it through `orgId`, or null. */
async function expected(who: string, orgId: number, advId: number) {
  const reach = advReach(t.db, actorOf(w, who), { orgId, advId });
  const rows = await t.db
    .select(reachableColumns(reach))
    .from(reach)
    .innerJoin(advertisers, eq(advertisers.advId, reach.advId));
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0] ?? null;
}

/** Every person, center and account of the world (and ids that name nothing) agree. */
async function agreeEverywhere() {
  // Everyone but the second admin and the brand's (the same ways in as others).
  const people = Object.keys(w.ids).filter((who) => who !== 'admin2' && who !== 'badmin');
  const centers = [w.agency, w.partner, w.other, 999_999];
  const accounts = [w.adv1, w.adv2, w.advOther, 99_999_999];
  let reached = 0;
  for (const who of people)
    for (const orgId of centers)
      for (const advId of accounts) {
        const want = await expected(who, orgId, advId);
        const where = `${who} in ${orgId} on ${advId}`;
        expect(await findReachableAdvertiser(t.db, actorOf(w, who), { orgId, advId }), where).toEqual(want);
        for (const permission of ['ads.view', 'ads.edit'] as const) {
          const got = requireAds(depsOf(who, orgId, advId), permission);
          if (!want) await expect(got, where).rejects.toMatchObject({ code: 'NOT_FOUND' });
          else if (!advCan({ advRole: want.adv_role, advStatus: want.status }, permission))
            await expect(got, where).rejects.toMatchObject({ code: 'FORBIDDEN' });
          else await expect(got, where).resolves.toMatchObject({ ...want, timezone: '+00:00' });
        }
        if (want) reached++;
      }
  return reached;
}

describe('one account in one statement', () => {
  test('agrees with advReach through every way in and every change that takes an account away', async () => {
    // Own accounts: the agency's admin reaches both, user1 the one assigned to him, Other's admin its own.
    expect(await agreeEverywhere()).toBe(4);

    // Shared with a partner at role_operator; a share without a partnership opens nothing.
    await t.db.insert(orgPartners).values({ orgId: w.agency, partnerOrgId: w.partner });
    await t.db.insert(advShares).values([
      { advId: w.adv1, partnerOrgId: w.partner, advRole: 'role_operator' },
      { advId: w.adv2, partnerOrgId: w.partner, advRole: 'role_admin_client' },
      { advId: w.advOther, partnerOrgId: w.partner, advRole: 'role_admin' },
    ]);
    // Assignments: in the owner center (not valid through the partner), in the partner above the share
    // (capped) and below it, and a standard user of the owner center.
    await t.db.insert(advMembers).values([
      { advId: w.adv1, userId: w.ids.puser, advRole: 'role_admin', orgId: w.agency },
      { advId: w.adv2, userId: w.ids.puser, advRole: 'role_analyst', orgId: w.partner },
      { advId: w.adv2, userId: w.ids.user2, advRole: 'role_analyst', orgId: w.agency },
    ]);
    expect(await agreeEverywhere()).toBe(8);
    await t.db
      .update(advMembers)
      .set({ orgId: w.partner })
      .where(and(eq(advMembers.userId, w.ids.puser), eq(advMembers.advId, w.adv1)));
    expect(await agreeEverywhere()).toBe(9);

    // A disabled owner center takes its accounts away from everyone (only Other's own stays); a partner
    // center in review reaches nothing either.
    await t.db.update(orgs).set({ orgStatus: 4 }).where(eq(orgs.orgId, w.agency));
    expect(await agreeEverywhere()).toBe(1);
    await t.db.update(orgs).set({ orgStatus: 1 }).where(eq(orgs.orgId, w.agency));
    await t.db.update(orgs).set({ orgStatus: 0 }).where(eq(orgs.orgId, w.partner));
    expect(await agreeEverywhere()).toBe(5);
    await t.db.update(orgs).set({ orgStatus: 1 }).where(eq(orgs.orgId, w.partner));

    // An ended partnership takes the shares away; a standard user made admin reaches every account.
    await t.db.delete(orgPartners).where(eq(orgPartners.partnerOrgId, w.partner));
    await t.db
      .update(orgMembers)
      .set({ orgRole: 'org_admin' })
      .where(and(eq(orgMembers.userId, w.ids.user2), eq(orgMembers.orgId, w.agency)));
    expect(await agreeEverywhere()).toBe(6);
    // Stopped accounts: still reached (404 stays for what cannot be reached), refused by permission.
    await t.db.update(advertisers).set({ status: 3 }).where(eq(advertisers.advId, w.adv1));
    expect(await agreeEverywhere()).toBe(6);
  });

  test('reads the markup and commission versions that the money view applies, as they stand', async () => {
    await t.db.update(advertisers).set({ status: 1 }).where(eq(advertisers.advId, w.adv1));
    await t.db.insert(orgPartners).values({ orgId: w.agency, partnerOrgId: w.partner }).onConflictDoNothing();
    const ratios = (spans: { from: Date; to: Date | null; ratio: string }[] | null) =>
      spans?.map((s) => [
        s.from.toISOString().slice(0, 10),
        s.to?.toISOString().slice(0, 10) ?? null,
        s.ratio,
      ]) ?? null;
    const read = async (who: string, orgId: number, mark = false) => {
      const deps = depsOf(who, orgId, w.adv1, mark);
      const money = moneyViewOf(await requireAds(deps, 'ads.view'), mark);
      return { cost: ratios(money.cost), fee: ratios(money.fee) };
    };
    expect(await read('admin', w.agency)).toEqual({ cost: [], fee: null });

    await backdateMarkup(t.db, w.adv1, { ratio: '0.1234', start: '2026-01-01' });
    await backdateCommission(t.db, w.agency, { rate: '0.0525' });
    const cost = [['2026-01-01', null, '0.1234']];
    // gmv_fee over marked-up cost: (1 + 0.1234) × (1 + 0.0525) − 1, exact.
    const fee = [
      ['1970-01-01', '2026-01-01', '0.0525'],
      ['2026-01-01', null, '0.1823785'],
    ];
    // The owner's admin sees the Agent view unless previewing the Advertiser view (`mark`).
    expect(await read('admin', w.agency)).toEqual({ cost: [], fee: [['1970-01-01', null, '0.0525']] });
    expect(await read('admin', w.agency, true)).toEqual({ cost, fee });
    // A standard member of the owner center and a partner's admin see the Advertiser view; the partner
    // center's own commission applies there (not shown: none).
    expect(await read('user1', w.agency)).toEqual({ cost, fee });
    expect(await read('padmin', w.partner)).toEqual({ cost, fee: null });

    // A commission that takes effect later is not shown yet.
    await t.db
      .update(orgs)
      .set({ commissionEffectiveAt: new Date(Date.now() + 3_600_000) })
      .where(eq(orgs.orgId, w.agency));
    expect((await read('user1', w.agency)).fee).toBeNull();
    // A new markup version ends the first at the account's next day.
    const at = new Date();
    await backdateMarkup(t.db, w.adv1, { ratio: '0.5', start: '2026-01-01', end: '2026-02-01' }, at);
    const next = new Date(Math.ceil(at.getTime() / 86_400_000) * 86_400_000).toISOString().slice(0, 10);
    expect((await read('user1', w.agency)).cost).toEqual(
      next > '2026-02-01'
        ? [['2026-01-01', next, '0.1234']]
        : [
            ['2026-01-01', next, '0.1234'],
            [next, '2026-02-02', '0.5'],
          ],
    );
  });
});
