import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, type Db, type LaneOptions, openDatabase } from '../src/db/client';
import { laneOptions } from '../src/db/open';
import { users } from '../src/db/schema';
import { requestLogOptions } from '../src/http/log-redact';
import { hashPassword } from '../src/modules/accounts/passwords';
import { newUserId } from '../src/modules/accounts/tokens';
import { createFileStorage, type FileStorage } from '../src/modules/files/storage';
import { createMailer, type Mailer } from '../src/modules/mail/mailer';
import { TEMPLATE_DB } from './global-setup';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The database, to build another app on it (a restart). */
  database: Database;
  config: Config;
  kind: Database['kind'];
  /** The app's data folder and its file storage (uploads land here). */
  dataDir: string;
  storage: FileStorage;
  /** The app's real mailer; without SMTP_URL its mails land in `mails`, as an operator reads the log. */
  mailer: Mailer;
  mails: LoggedMail[];
  close(): Promise<void>;
}

/** What the mailer logs of a mail kept in the outbox (no SMTP): the only place its link is shown. */
export interface LoggedMail {
  id: number;
  to: string;
  kind: string;
  subject: string;
  link: string | null;
}

const mailLogs = new WeakMap<Db, { mailer: Mailer; mails: LoggedMail[] }>();

/**
 * A fresh database cloned from the migrated template: PGlite, or PostgreSQL when configured. PGlite
 * lives in memory unless `onDisk` names a folder: files there, as `npm start` keeps them (in memory a
 * growing table is copied as it grows, which the timing tests of long writes must not measure).
 */
async function openTestDatabase(
  lanes: LaneOptions,
  onDisk?: string,
): Promise<Database & { drop?: () => Promise<void> }> {
  const postgresUrl = inject('postgresTemplateUrl');
  if (postgresUrl) {
    const name = `scaler_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), lanes });
    return {
      ...database,
      drop: async () => {
        const c = new pg.Client({ connectionString: postgresUrl });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  // The migrated template in the database's own thread, as the server runs it.
  return openDatabase({ loadDataDir: inject('pgliteTemplate'), dataDir: onDisk, lanes });
}

/** `log` receives every line of the server's request log (JSON), as an operator's log file would. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { log?: (line: string) => void; pgliteOnDisk?: boolean } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scaler-app-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://console.test',
    SEED_DEMO: '0',
    // Spend is charged by the tests that mean to (`chargeSpend`), not by a timer in the middle of another.
    FINANCE_CHARGE_SECONDS: '0',
    ...env,
  });
  const database = await openTestDatabase(
    laneOptions(config),
    options.pgliteOnDisk ? path.join(dataDir, 'pglite') : undefined,
  );
  const mails: LoggedMail[] = [];
  const mailer = createMailer({
    db: database.db,
    log: {
      info: (obj) => {
        if ('mail' in obj) mails.push(obj.mail as LoggedMail);
      },
      error: (obj, msg) => console.error(msg, obj),
    },
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    perRecipientPerHour: config.limits.mailsPerRecipientPerHour,
  });
  mailLogs.set(database.db, { mailer, mails });
  const logger = options.log ? requestLogOptions('info', { write: options.log }) : false;
  const app = await buildApp({ config, database, logger, mailer });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    kind: database.kind,
    dataDir,
    storage: createFileStorage(dataDir),
    mailer,
    mails,
    close: async () => {
      await app.close();
      await database.close();
      await database.drop?.();
    },
  };
}

export interface Call {
  method?: InjectOptions['method'];
  url: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Calls the app like the console does and returns the HTTP status and the envelope. */
export async function call(app: FastifyInstance, c: Call) {
  const res = await app.inject({
    method: c.method ?? 'GET',
    url: c.url,
    headers: { ...(c.token ? { token: c.token } : {}), ...c.headers },
    ...(c.body === undefined ? {} : { payload: c.body as InjectOptions['payload'] }),
  });
  const json = res.headers['content-type']?.toString().includes('json') ? res.json() : null;
  return { status: res.statusCode, body: json, headers: res.headers, raw: res };
}

export const PASSWORD = 'Secret-pass-1';

/** A verified user straight in the database, for tests that are not about sign-up. */
export async function createUser(db: Db, email: string, extra: Partial<typeof users.$inferInsert> = {}) {
  const id = newUserId();
  await db.insert(users).values({
    id,
    email,
    name: email.split('@')[0],
    passwordHash: await hashPassword(PASSWORD),
    emailVerifiedAt: new Date(),
    ...extra,
  });
  return id;
}

export async function loginAs(app: FastifyInstance, email: string, password = PASSWORD): Promise<string> {
  const res = await call(app, { method: 'POST', url: '/scaler/account/login', body: { email, password } });
  if (res.body?.code !== 0) throw new Error(`login failed for ${email}: ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}

/** The mails logged so far to an address, once every delivery in progress has finished. */
export async function mailsTo(db: Db, email: string): Promise<LoggedMail[]> {
  const log = mailLogs.get(db);
  if (!log) throw new Error('not a test app database');
  await log.mailer.idle();
  return log.mails.filter((m) => m.to === email);
}

/** The token in the newest e-mail link sent to an address (read from the mail log, as an operator would). */
export async function lastMailToken(db: Db, email: string): Promise<string> {
  const mail = (await mailsTo(db, email)).filter((m) => m.link).at(-1);
  if (!mail?.link) throw new Error(`no mail to ${email}`);
  return new URL(mail.link).searchParams.get('token')!;
}
