import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { notices, orgMembers, orgs, users } from '../db/schema';
import { verifyPassword } from '../modules/accounts/passwords';
import { approveCenter, createUser } from './commands';

let database: Database;
// A fresh PGlite with every migration: a few seconds alone, more on a busy machine.
beforeAll(async () => {
  database = await openDatabase({ pglite: await PGlite.create() });
  await database.migrate();
}, 60_000);
afterAll(() => database.close());

test('user create makes a verified user, optionally an operator, and refuses duplicates', async () => {
  const { db } = database;
  const op = await createUser({ db, email: 'ops@example.com', password: 'operator-pass', operator: true });
  const [row] = await db.select().from(users).where(eq(users.id, op.id));
  expect(row.isOperator).toBe(true);
  expect(row.emailVerifiedAt).not.toBeNull();
  expect(await verifyPassword('operator-pass', row.passwordHash)).toBe(true);
  await expect(createUser({ db, email: 'ops@example.com', password: 'x-password' })).rejects.toThrow(
    /already exists/,
  );
});

test('center approve activates the center and notifies its admins only', async () => {
  const { db } = database;
  const admin = await createUser({ db, email: 'boss@example.com', password: 'boss-password' });
  const member = await createUser({ db, email: 'staff@example.com', password: 'staff-password' });
  const [org] = await db.insert(orgs).values({ orgName: 'Pending Co', orgType: 1, orgStatus: 2 }).returning();
  await db.insert(orgMembers).values([
    { orgId: org.orgId, userId: admin.id, orgRole: 'org_admin' },
    { orgId: org.orgId, userId: member.id, orgRole: 'org_user' },
  ]);
  await approveCenter({ db, orgId: org.orgId });
  const [after] = await db.select().from(orgs).where(eq(orgs.orgId, org.orgId));
  expect(after.orgStatus).toBe(1);
  const sent = await db.select().from(notices);
  expect(sent.map((n) => n.userId)).toEqual([admin.id]);
  await expect(approveCenter({ db, orgId: 1 })).rejects.toThrow(/no business center/);
});
