import { ADV_STATUS, type AdvRole, ORG_STATUS, ORG_TYPE, type OrgRole } from '@scaler/domain';
import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  advertisers,
  advMarkups,
  advMarkupVersions,
  advMembers,
  orgCommissionVersions,
  orgMembers,
  orgs,
  users,
} from '../db/schema';
import { hashPassword } from '../modules/accounts/passwords';
import { newUserId } from '../modules/accounts/tokens';
import type { FileStorage } from '../modules/files/storage';
import { seedDemoAssets } from './demo-assets';
import { seedDemoCampaigns } from './demo-campaigns';
import { seedDemoContent } from './demo-content';
import { seedDemoEvents } from './demo-events';
import { seedDemoFinance } from './demo-finance';

export const DEMO_PASSWORD = 'Demo@2026!';

interface DemoUser {
  key: string;
  email: string;
  name: string;
  description: string;
  isOperator?: boolean;
  v?: number;
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    key: 'admin',
    email: 'admin@demo.test',
    name: 'Ava Admin',
    description: 'agency admin (Northwind), markup on',
  },
  {
    key: 'user',
    email: 'user@demo.test',
    name: 'Sam Standard',
    description: 'standard user, two assigned accounts',
  },
  {
    key: 'brand',
    email: 'brand@demo.test',
    name: 'Bea Brand',
    description: 'admin of an advertiser-type center',
  },
  {
    key: 'pending',
    email: 'pending@demo.test',
    name: 'Pat Pending',
    description: 'centers in engaged and review',
  },
  {
    key: 'viewer',
    email: 'viewer@demo.test',
    name: 'Vic Viewer',
    description: 'creative viewer (v = 1)',
    v: 1,
  },
  {
    key: 'partner',
    email: 'partner@demo.test',
    name: 'Parker Partner',
    description: 'admin of Lakeside, a partner of Northwind',
  },
  {
    key: 'operator',
    email: 'operator@demo.test',
    name: 'Olly Operator',
    description: 'platform operator',
    isOperator: true,
  },
];

const COMPANY = {
  profession: 'ecommerce',
  currency: 'USD',
  timezone: '+00:00',
  targetLocation: 'US',
} as const;

const DEMO_ORGS = [
  {
    key: 'northwind',
    orgName: 'Northwind Agency',
    orgType: ORG_TYPE.agency,
    orgStatus: ORG_STATUS.active,
    companyName: 'Northwind Media Ltd.',
    website: 'https://northwind.example',
    // Shows the cost including its 5% commission (gmv_fee): status_fee is 1 in this center.
    showCommission: true,
    useCommission: true,
    commissionRate: '0.0500',
  },
  {
    key: 'bluebird',
    orgName: 'Bluebird Retail',
    orgType: ORG_TYPE.advertiser,
    orgStatus: ORG_STATUS.active,
    companyName: 'Bluebird Retail Inc.',
    website: 'https://bluebird.example',
  },
  {
    key: 'harbor',
    orgName: 'Harbor Media',
    orgType: ORG_TYPE.agency,
    orgStatus: ORG_STATUS.engaged,
    companyName: 'Harbor Media LLC',
    website: '',
  },
  {
    key: 'summit',
    orgName: 'Summit Ads',
    orgType: ORG_TYPE.agency,
    orgStatus: ORG_STATUS.review,
    companyName: 'Summit Ads GmbH',
    website: '',
  },
  {
    key: 'oldmill',
    orgName: 'Old Mill Ads',
    orgType: ORG_TYPE.agency,
    orgStatus: ORG_STATUS.disabled,
    companyName: 'Old Mill Ads',
    website: '',
  },
  {
    key: 'lakeside',
    orgName: 'Lakeside Digital',
    orgType: ORG_TYPE.agency,
    orgStatus: ORG_STATUS.active,
    companyName: 'Lakeside Digital Pte. Ltd.',
    website: 'https://lakeside.example',
  },
] as const;

const MEMBERSHIPS: readonly [user: string, org: string, role: OrgRole][] = [
  ['admin', 'northwind', 'org_admin'],
  ['admin', 'bluebird', 'org_user'],
  ['user', 'northwind', 'org_user'],
  ['viewer', 'northwind', 'org_user'],
  ['brand', 'bluebird', 'org_admin'],
  ['pending', 'harbor', 'org_admin'],
  ['pending', 'summit', 'org_user'],
  ['admin', 'oldmill', 'org_admin'],
  ['partner', 'lakeside', 'org_admin'],
];

const DEMO_ADVERTISERS = [
  { key: 'shoes', org: 'northwind', advName: 'Northwind Shoes', status: ADV_STATUS.active },
  { key: 'games', org: 'northwind', advName: 'Northwind Games', status: ADV_STATUS.active },
  { key: 'travel', org: 'northwind', advName: 'Northwind Travel', status: ADV_STATUS.review },
  { key: 'rejected', org: 'northwind', advName: 'Northwind Rejected', status: ADV_STATUS.rejected },
  { key: 'stopped', org: 'northwind', advName: 'Northwind Stopped', status: ADV_STATUS.stopped },
  { key: 'closed', org: 'northwind', advName: 'Northwind Closed', status: ADV_STATUS.disabled },
  { key: 'bluebird-main', org: 'bluebird', advName: 'Bluebird Main', status: ADV_STATUS.active },
] as const;

const ASSIGNMENTS: readonly [user: string, adv: string, role: AdvRole][] = [
  ['user', 'shoes', 'role_operator'],
  ['user', 'games', 'role_analyst'],
  ['viewer', 'shoes', 'role_analyst'],
  ['admin', 'bluebird-main', 'role_analyst'],
];

/** Seeds the demo workspace when the database has no users yet. Returns whether it seeded. */
export async function seedDemoIfEmpty(options: { db: Db; storage: FileStorage }): Promise<boolean> {
  const [{ n }] = await options.db.select({ n: count() }).from(users);
  if (Number(n) > 0) return false;
  await seedDemo(options);
  return true;
}

export async function seedDemo({ db, storage }: { db: Db; storage: FileStorage }) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const userIds = new Map<string, string>();
  const advIds = new Map<string, number>();
  const assets = await db.transaction(async (tx) => {
    const demoUsers = new Map<string, { id: string; email: string; language: string }>();
    for (const u of DEMO_USERS) {
      const id = newUserId();
      userIds.set(u.key, id);
      demoUsers.set(u.key, { id, email: u.email, language: 'en-US' });
      await tx.insert(users).values({
        id,
        email: u.email,
        name: u.name,
        passwordHash,
        emailVerifiedAt: new Date(),
        isOperator: u.isOperator ?? false,
        v: u.v ?? 0,
      });
    }
    const orgIds = new Map<string, number>();
    for (const o of DEMO_ORGS) {
      const { key, ...values } = o;
      const [row] = await tx
        .insert(orgs)
        .values({ ...COMPANY, ...values, contactName: 'Demo Contact', createdBy: userIds.get('admin') })
        .returning({ orgId: orgs.orgId });
      orgIds.set(key, row.orgId);
    }
    for (const [user, org, orgRole] of MEMBERSHIPS) {
      await tx.insert(orgMembers).values({ orgId: orgIds.get(org)!, userId: userIds.get(user)!, orgRole });
    }
    for (const a of DEMO_ADVERTISERS) {
      const [row] = await tx
        .insert(advertisers)
        .values({
          ...COMPANY,
          orgId: orgIds.get(a.org)!,
          advName: a.advName,
          status: a.status,
          companyName: a.advName,
        })
        .returning({ advId: advertisers.advId });
      advIds.set(a.key, row.advId);
    }
    const advOrg = new Map<string, number>(DEMO_ADVERTISERS.map((a) => [a.key, orgIds.get(a.org)!]));
    for (const [user, adv, advRole] of ASSIGNMENTS) {
      await tx
        .insert(advMembers)
        .values({ advId: advIds.get(adv)!, userId: userIds.get(user)!, advRole, orgId: advOrg.get(adv)! });
    }
    await tx
      .insert(advMarkups)
      .values({ advId: advIds.get('shoes')!, ratio: '0.1500', startDate: '2026-01-01', role: 'advertiser' });
    // The money settings as set before the demo's 90 days: versions in force from the beginning, so the
    // past days show them (decisions 7; an edit in the console applies from the next day).
    const since = new Date(0);
    await tx.insert(advMarkupVersions).values({
      advId: advIds.get('shoes')!,
      ratio: '0.1500',
      startDate: '2026-01-01',
      role: 'advertiser',
      effectiveAt: since,
      changedAt: since,
    });
    for (const o of DEMO_ORGS) {
      if (!('showCommission' in o)) continue;
      await tx.insert(orgCommissionVersions).values({
        orgId: orgIds.get(o.key)!,
        showCommission: o.showCommission,
        useCommission: o.useCommission,
        commissionRate: o.commissionRate,
        effectiveAt: since,
        changedAt: since,
      });
    }
    await seedDemoContent(tx, storage, { users: demoUsers, orgs: orgIds, advs: advIds });
    return seedDemoAssets(tx, storage, { users: demoUsers, orgs: orgIds, advs: advIds });
  });
  // A week of traffic through the real tracking path, so every asset page has numbers and a live panel.
  await seedDemoEvents(db, assets);
  // Campaigns with 90 days of delivery from the statistics generator (issue 9).
  await seedDemoCampaigns(
    db,
    storage,
    { advs: advIds, admin: userIds.get('admin')!, operator: userIds.get('operator')! },
    assets,
  );
  // Top-ups, transfers to the accounts and the spend of those 90 days charged (finance).
  await seedDemoFinance(db, {
    advIds: [...advIds.values()],
    admin: userIds.get('admin')!,
    operator: userIds.get('operator')!,
  });
}
