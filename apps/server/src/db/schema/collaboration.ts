import type { TAdvAssignment } from '@scaler/domain';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { advertisers, orgs } from './business-centers';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Invitations to join a center, with the account roles to grant on acceptance. */
export const invitations = pgTable(
  'invitations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.orgId, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    orgRole: text('org_role').notNull(),
    advs: jsonb('advs').$type<TAdvAssignment[]>().notNull().default(sql`'[]'::jsonb`),
    status: text('status').notNull().default('pending'),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invitations_org_idx').on(t.orgId),
    // One pending invitation per address and center.
    uniqueIndex('invitations_pending_uq').on(t.orgId, t.email).where(sql`${t.status} = 'pending'`),
  ],
);

/** A center (org_id) that shares accounts with a partner center. */
export const orgPartners = pgTable(
  'org_partners',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.orgId, { onDelete: 'cascade' }),
    partnerOrgId: integer('partner_org_id')
      .notNull()
      .references(() => orgs.orgId, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.partnerOrgId] }),
    index('org_partners_partner_idx').on(t.partnerOrgId),
    check('org_partners_not_self', sql`${t.orgId} <> ${t.partnerOrgId}`),
  ],
);

/**
 * A center's request to become partners with another (it would share its accounts with it). Only an
 * accepted request makes the partnership; one pending request per pair and direction.
 */
export const partnerRequests = pgTable(
  'partner_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.orgId, { onDelete: 'cascade' }),
    partnerOrgId: integer('partner_org_id')
      .notNull()
      .references(() => orgs.orgId, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('partner_requests_org_idx').on(t.orgId, t.status),
    index('partner_requests_partner_idx').on(t.partnerOrgId, t.status),
    uniqueIndex('partner_requests_pending_uq')
      .on(t.orgId, t.partnerOrgId)
      .where(sql`${t.status} = 'pending'`),
    check('partner_requests_not_self', sql`${t.orgId} <> ${t.partnerOrgId}`),
    check(
      'partner_requests_status_chk',
      sql`${t.status} in ('pending', 'accepted', 'declined', 'cancelled')`,
    ),
  ],
);

/** An account shared with a partner center, with the role the partner's members may have at most. */
export const advShares = pgTable(
  'adv_shares',
  {
    advId: integer('adv_id')
      .notNull()
      .references(() => advertisers.advId, { onDelete: 'cascade' }),
    partnerOrgId: integer('partner_org_id')
      .notNull()
      .references(() => orgs.orgId, { onDelete: 'cascade' }),
    advRole: text('adv_role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.advId, t.partnerOrgId] }),
    index('adv_shares_partner_idx').on(t.partnerOrgId),
  ],
);

/** Who did what to which object, when, with the state before and after. */
export const activityLog = pgTable(
  'activity_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id').references(() => orgs.orgId, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('activity_log_org_idx').on(t.orgId, t.createdAt),
    index('activity_log_action_idx').on(t.action),
  ],
);

/** Uploaded files: license files (private, downloaded through a checked route) and avatars (public). */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    name: text('name').primaryKey(),
    kind: text('kind').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull().default(''),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    orgId: integer('org_id').references(() => orgs.orgId, { onDelete: 'cascade' }),
    advId: integer('adv_id').references(() => advertisers.advId, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    // A creative material's measurements, taken once at upload (null for other files and for files
    // uploaded before they were kept): pixels, seconds and kbps.
    width: integer('width'),
    height: integer('height'),
    duration: doublePrecision('duration'),
    bitrate: doublePrecision('bitrate'),
  },
  (t) => [
    index('uploaded_files_org_idx').on(t.orgId),
    index('uploaded_files_adv_idx').on(t.advId),
    // The upload quota counts a user's files of the last 24 hours.
    index('uploaded_files_uploader_idx').on(t.uploadedBy, t.createdAt),
  ],
);

/** Verification submissions of a center and the operator's decision. */
export const verifications = pgTable(
  'verifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.orgId, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    note: text('note').notNull().default(''),
    reason: text('reason').notNull().default(''),
    licenseFiles: jsonb('license_files').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    submittedBy: text('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('verifications_org_idx').on(t.orgId),
    uniqueIndex('verifications_pending_uq').on(t.orgId).where(sql`${t.status} = 'pending'`),
  ],
);
