import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A person who can sign in. `id` is the spec's `_id`: 24 hex characters. */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull().default(''),
  passwordHash: text('password_hash').notNull(),
  avatar: text('avatar'),
  language: text('language').notNull().default('en-US'),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  isOperator: boolean('is_operator').notNull().default(false),
  /** 1: single-page creative viewer mode (spec 1). */
  v: smallint('v').notNull().default(0),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Sign-in sessions. Only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One-time tokens sent by e-mail: verification, password reset, invitation. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_email_idx').on(t.email, t.purpose)],
);

/** Failed sign-ins, counted per account and per address to slow down guessing. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_failures_email_idx').on(t.email, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Every e-mail the product sends. Once delivered (by SMTP, or to the log without SMTP) the link and the
 * secret in the body are replaced by a redacted form; the row stays, and counts for the per-recipient
 * limit.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    link: text('link'),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** When the link and secret were replaced (after delivery). */
    redactedAt: timestamp('redacted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.toEmail, t.createdAt)],
);

/**
 * Single-use sign-in codes a login redirect hands over (`?code=`), exchanged once for a session within
 * a minute. Only the SHA-256 of the code is stored.
 */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    codeHash: text('code_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('login_codes_expires_idx').on(t.expiresAt)],
);

/**
 * Anonymous calls that make the server send an e-mail (registration, repwd, the login of an unverified
 * account), counted per client address for the hourly limit.
 */
export const mailRequests = pgTable(
  'mail_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_requests_ip_idx').on(t.ip, t.createdAt)],
);
