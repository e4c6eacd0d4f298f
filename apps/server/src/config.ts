import path from 'node:path';
import { DOCS_DIR, STATIC_DIR, WEB_DIST } from './paths';

export { REPO_ROOT } from './paths';

export interface Config {
  port: number;
  host: string;
  /** PGlite data, uploads and other files live here. */
  dataDir: string;
  databaseUrl: string | null;
  seedDemo: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  /** Base of links in e-mails, e.g. http://localhost:3000. */
  publicUrl: string;
  webDist: string;
  docsDir: string;
  staticDir: string;
  logLevel: string;
  trustProxy: boolean;
  cookieSecure: boolean;
}

const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined || value === '' ? fallback : !['0', 'false', 'no', 'off'].includes(value.toLowerCase());

/** Reads the configuration from the environment; relative paths resolve against the caller's folder. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cwd = env.INIT_CWD ?? process.cwd();
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const databaseUrl = env.DATABASE_URL || null;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(cwd, env.DATA_DIR ?? 'data'),
    databaseUrl,
    // Demo data is seeded on the embedded database unless SEED_DEMO=0; on PostgreSQL only when asked.
    seedDemo: flag(env.SEED_DEMO, databaseUrl === null),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Scaler Console <no-reply@scaler.local>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    webDist: path.resolve(cwd, env.WEB_DIST ?? WEB_DIST),
    docsDir: DOCS_DIR,
    staticDir: STATIC_DIR,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: flag(env.TRUST_PROXY, false),
    cookieSecure: flag(env.COOKIE_SECURE, false),
  };
}
