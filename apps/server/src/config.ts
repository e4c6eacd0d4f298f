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
  /** Rate limits of the public tracking endpoints; null: off. */
  trackingRateLimits: TrackingRateLimits;
}

/** At most `max` requests in `windowMs` (a fixed window per key). */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/**
 * The tracking endpoints' limits (README "Tracking endpoints"): the browser endpoints per client address,
 * the events API per token, postbacks per postback URL (a request whose token is unknown counts against
 * its address's browser limit instead).
 */
export interface TrackingRateLimits {
  browser: RateLimit | null;
  eventsApi: RateLimit | null;
  postback: RateLimit | null;
}

export const TRACKING_RATE_LIMIT_DEFAULTS = {
  browser: { max: 1000, windowMs: 10_000 },
  eventsApi: { max: 10_000, windowMs: 10_000 },
  postback: { max: 10_000, windowMs: 10_000 },
} as const satisfies Record<keyof TrackingRateLimits, RateLimit>;

/** `N/Ss` (N requests per S seconds), `N` (per the default window) or `0` (off). */
function rateLimit(name: string, value: string | undefined, fallback: RateLimit): RateLimit | null {
  if (value === undefined || value.trim() === '') return fallback;
  const m = /^(\d+)(?:\s*\/\s*(\d+)\s*s?)?$/.exec(value.trim());
  if (!m || (m[2] !== undefined && Number(m[2]) === 0))
    throw new Error(`${name} must look like 1000/10s (requests per seconds) or 0 (off), got ${value}`);
  if (Number(m[1]) === 0) return null;
  return { max: Number(m[1]), windowMs: m[2] === undefined ? fallback.windowMs : Number(m[2]) * 1000 };
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
    trackingRateLimits: {
      browser: rateLimit(
        'TRACKING_RATE_LIMIT',
        env.TRACKING_RATE_LIMIT,
        TRACKING_RATE_LIMIT_DEFAULTS.browser,
      ),
      eventsApi: rateLimit(
        'EVENTS_API_RATE_LIMIT',
        env.EVENTS_API_RATE_LIMIT,
        TRACKING_RATE_LIMIT_DEFAULTS.eventsApi,
      ),
      postback: rateLimit(
        'POSTBACK_RATE_LIMIT',
        env.POSTBACK_RATE_LIMIT,
        TRACKING_RATE_LIMIT_DEFAULTS.postback,
      ),
    },
  };
}
