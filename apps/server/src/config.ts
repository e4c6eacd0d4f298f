import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

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
  /** Origins besides PUBLIC_URL's (and the request's own) from which state-changing calls are accepted. */
  allowedOrigins: string[];
  /** Uploads per user in any 24 hours: how many files and how many bytes. */
  uploadQuota: { files: number; bytes: number };
}

const positiveNumber = (name: string, value: string | undefined, fallback: number) => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got ${value}`);
  return n;
};

/** `ALLOWED_ORIGINS`: comma-separated origins such as `https://admin.example.com`, normalised. */
function parseOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => {
      const origin = URL.canParse(o) ? new URL(o).origin : 'null';
      if (origin === 'null')
        throw new Error(`ALLOWED_ORIGINS: ${o} is not an origin such as https://example.com`);
      return origin;
    });
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
    webDist: path.resolve(cwd, env.WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist')),
    docsDir: path.join(REPO_ROOT, 'docs/user'),
    staticDir: path.join(REPO_ROOT, 'apps/server/static'),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: flag(env.TRUST_PROXY, false),
    cookieSecure: flag(env.COOKIE_SECURE, false),
    allowedOrigins: parseOrigins(env.ALLOWED_ORIGINS),
    uploadQuota: {
      files: Math.floor(positiveNumber('UPLOAD_QUOTA_FILES', env.UPLOAD_QUOTA_FILES, 100)),
      bytes: Math.floor(positiveNumber('UPLOAD_QUOTA_MB', env.UPLOAD_QUOTA_MB, 200) * 1024 * 1024),
    },
  };
}
