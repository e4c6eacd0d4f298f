import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import type { HeavyLimits } from './http/heavy-calls';
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
  /** Where top-ups are paid to (`BANK_ACCOUNT_NAME`, `BANK_NAME`, `BANK_ACCOUNT_NUMBER`, `BANK_SWIFT`). */
  bank: { account_name: string; bank_name: string; account_number: string; swift: string };
  /** How often spend is charged from the statistics store to the wallets (`FINANCE_CHARGE_SECONDS`, 60; 0: never). */
  financeChargeMs: number | null;
  /**
   * The bidder in this process (`BIDDER`, on unless 0), answering `/rtb/*`; `BIDDER_SYNC_MS` (1000) how
   * often it reads spend from the store.
   */
  bidder: { enabled: boolean; syncMs: number };
  /**
   * The delivery simulator's bid requests a second run inside the server from its start (`SIMULATE`):
   * 10 with the demo workspace (SEED_DEMO), else 0 (off); `0` turns it off.
   */
  simulateQps: number;
  /** Base of links in e-mails, e.g. http://localhost:3000. */
  publicUrl: string;
  webDist: string;
  docsDir: string;
  staticDir: string;
  logLevel: string;
  /**
   * Which peers may tell the client's address in `X-Forwarded-For` (Fastify's `trustProxy`): false
   * (none: the socket's address counts), a hop count, or a list of proxy addresses and CIDR ranges.
   */
  trustProxy: false | number | string[];
  cookieSecure: boolean;
  limits: Limits;
  /** Rate limits of the public tracking endpoints; null: off. */
  trackingRateLimits: TrackingRateLimits;
  /** Origins besides PUBLIC_URL's (and the request's own) from which state-changing calls are accepted. */
  allowedOrigins: string[];
  /** Uploads per user in any 24 hours: how many files and how many bytes. */
  uploadQuota: { files: number; bytes: number };
  /** Heavy calls (reports, exports, long lists): how many run at once and for how long (README). */
  heavy: HeavyLimits;
  /**
   * The embedded database: heavy calls take the share of its time that keeps at most `percent` % of the
   * cheap calls' statements waiting longer than `ms` (PGlite runs one statement at a time; a cheap call
   * makes a few statements, so some 3 to 4 times as many calls wait).
   */
  pgliteCheapWait: { ms: number; percent: number };
  /** How uploaded media are measured off the event loop (`modules/media/meter.ts`). */
  media: MediaLimits;
  /**
   * Days of full-grain hourly statistics kept (`STATS_FULL_GRAIN_DAYS`, default 400; `0` keeps them all):
   * older days' partitions are dropped; per-creative hours and daily rollups are kept for good.
   */
  statsFullGrainDays: number | null;
}

/** Workers that measure uploaded videos (README, configuration). */
export interface MediaLimits {
  /** Wall-clock time one file may take in its worker before the worker is terminated. */
  timeoutMs: number;
  /** Files measured at once. */
  workers: number;
  /** Files that may wait for a worker; past that an upload answers 429 `MEDIA_BUSY`. */
  queue: number;
}

/** Abuse limits (README, configuration). */
export interface Limits {
  /** Failed sign-ins per account and client address in 15 minutes before that pair must wait. */
  loginFailuresPerPair: number;
  /** Failed sign-ins per client address (any accounts) in 15 minutes. */
  loginFailuresPerAddress: number;
  /** Failed sign-ins per account from all addresses in 15 minutes before unknown addresses must wait. */
  loginFailuresPerAccount: number;
  /** E-mails to one address per hour. */
  mailsPerRecipientPerHour: number;
  /** Anonymous calls that send an e-mail (sign-up, repwd, unverified login) per client address per hour. */
  mailRequestsPerAddressPerHour: number;
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

const count = (env: NodeJS.ProcessEnv, name: string, fallback: number) => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a positive whole number, got ${raw}`);
  return value;
};

const CIDR_RE = /^(.+)\/(\d{1,3})$/;

/**
 * TRUST_PROXY: off by default; `true`/`1`/`on` trust one hop (the proxy in front of the server), a
 * number N trusts N hops, anything else is a comma-separated list of proxy addresses or CIDR ranges
 * (`10.0.0.1, 172.16.0.0/12`), whose `X-Forwarded-For` alone is believed.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const raw = value?.trim().toLowerCase() ?? '';
  if (['', '0', 'false', 'no', 'off'].includes(raw)) return false;
  if (['true', 'yes', 'on'].includes(raw)) return 1;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const cidr = CIDR_RE.exec(entry);
    const address = cidr ? cidr[1] : entry;
    const family = isIP(address);
    const bits = cidr ? Number(cidr[2]) : 0;
    if (family === 0 || bits > (family === 4 ? 32 : 128)) {
      throw new Error(`TRUST_PROXY must be off, true, a hop count or proxy addresses/CIDRs; got "${entry}"`);
    }
  }
  return entries;
}

/** Addresses whose trust is remembered before the memory starts over. */
const TRUST_MEMORY = 10_000;

/**
 * The `trustProxy` option of Fastify for the configured value: a hop count becomes "the nearest N hops";
 * a list is compiled once and its answers remembered per address. Fastify asks on every read of a
 * request's `ip` and `protocol`, and proxy-addr parses the address each time: under the ingestion
 * benchmark that parsing was about 5 % of the server's CPU (`npm run bench`).
 */
export function fastifyTrustProxy(
  value: Config['trustProxy'],
): false | ((address: string, hop: number) => boolean) {
  if (value === false) return false;
  if (typeof value === 'number') return (_address, hop) => hop < value;
  const trusted = proxyAddr.compile(value);
  const known = new Map<string, boolean>();
  // A list names addresses, never hops: the answer depends on the address alone.
  return (address, hop) => {
    let answer = known.get(address);
    if (answer === undefined) {
      answer = trusted(address, hop);
      if (known.size >= TRUST_MEMORY) known.clear();
      known.set(address, answer);
    }
    return answer;
  };
}

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
    financeChargeMs: chargeEvery(env.FINANCE_CHARGE_SECONDS),
    bidder: { enabled: env.BIDDER !== '0', syncMs: positiveMs(env.BIDDER_SYNC_MS, 1000, 'BIDDER_SYNC_MS') },
    simulateQps: simulateQps(env.SIMULATE, flag(env.SEED_DEMO, databaseUrl === null)),
    bank: {
      account_name: env.BANK_ACCOUNT_NAME ?? 'Scaler Console (set BANK_ACCOUNT_NAME)',
      bank_name: env.BANK_NAME ?? 'Example Bank',
      account_number: env.BANK_ACCOUNT_NUMBER ?? '000-000000-000',
      swift: env.BANK_SWIFT ?? 'EXAMPLEXXX',
    },
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    webDist: path.resolve(cwd, env.WEB_DIST ?? WEB_DIST),
    docsDir: DOCS_DIR,
    staticDir: STATIC_DIR,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    cookieSecure: flag(env.COOKIE_SECURE, false),
    limits: {
      loginFailuresPerPair: count(env, 'LOGIN_MAX_FAILURES', 5),
      loginFailuresPerAddress: count(env, 'LOGIN_MAX_FAILURES_ADDRESS', 30),
      loginFailuresPerAccount: count(env, 'LOGIN_MAX_FAILURES_ACCOUNT', 100),
      mailsPerRecipientPerHour: count(env, 'MAIL_LIMIT_RECIPIENT', 5),
      mailRequestsPerAddressPerHour: count(env, 'MAIL_LIMIT_ADDRESS', 20),
    },
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
    allowedOrigins: parseOrigins(env.ALLOWED_ORIGINS),
    uploadQuota: {
      files: Math.floor(positiveNumber('UPLOAD_QUOTA_FILES', env.UPLOAD_QUOTA_FILES, 100)),
      bytes: Math.floor(positiveNumber('UPLOAD_QUOTA_MB', env.UPLOAD_QUOTA_MB, 200) * 1024 * 1024),
    },
    heavy: {
      perUser: count(env, 'HEAVY_PER_USER', 2),
      perCenter: count(env, 'HEAVY_PER_CENTER', 4),
      // PGlite runs one statement at a time: a second call's answer is built while the next one runs. On
      // PostgreSQL half the cores: with both of this machine's cores running reports, cheap calls waited
      // 300 ms at p95, with one 60 ms (`npm run bench:fairness`).
      total: count(env, 'HEAVY_TOTAL', databaseUrl ? Math.max(1, Math.floor(availableParallelism() / 2)) : 2),
      queuePerUser: count(env, 'HEAVY_QUEUE', 4),
      maxWaitMs: positiveNumber('HEAVY_WAIT_SECONDS', env.HEAVY_WAIT_SECONDS, 20) * 1000,
      timeoutMs: positiveNumber('HEAVY_TIMEOUT_SECONDS', env.HEAVY_TIMEOUT_SECONDS, 30) * 1000,
    },
    pgliteCheapWait: {
      ms: positiveNumber('PGLITE_CHEAP_WAIT_MS', env.PGLITE_CHEAP_WAIT_MS, 100),
      percent: percent('PGLITE_CHEAP_WAIT_PERCENT', env.PGLITE_CHEAP_WAIT_PERCENT, 1),
    },
    media: {
      timeoutMs: count(env, 'MEDIA_PARSE_TIMEOUT_MS', 2000),
      // Half the cores: uploads never take them all.
      workers: count(env, 'MEDIA_PARSE_WORKERS', Math.max(1, Math.floor(availableParallelism() / 2))),
      queue: count(env, 'MEDIA_PARSE_QUEUE', 8),
    },
    statsFullGrainDays: env.STATS_FULL_GRAIN_DAYS === '0' ? null : count(env, 'STATS_FULL_GRAIN_DAYS', 400),
  };
}

function percent(name: string, value: string | undefined, fallback: number): number {
  const n = positiveNumber(name, value, fallback);
  if (n >= 100) throw new Error(`${name} must be a percentage below 100, got ${value}`);
  return n;
}

function simulateQps(value: string | undefined, demo: boolean): number {
  if (value === undefined || value.trim() === '') return demo ? 10 : 0;
  const qps = Number(value);
  if (!Number.isFinite(qps) || qps < 0 || qps > 20_000)
    throw new Error('SIMULATE must be 0 (off) or bid requests a second, up to 20000');
  return qps;
}

function positiveMs(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 50)
    throw new Error(`${name} must be a whole number of milliseconds, 50 or more`);
  return ms;
}

/** `FINANCE_CHARGE_SECONDS` as milliseconds: 60 s unless set; 0 turns the runs off (tests run them by hand). */
function chargeEvery(value: string | undefined): number | null {
  const seconds = value === undefined || value.trim() === '' ? 60 : Number(value);
  if (!Number.isFinite(seconds) || seconds < 0)
    throw new Error('FINANCE_CHARGE_SECONDS must be 0 or more seconds');
  return seconds === 0 ? null : Math.max(1, seconds) * 1000;
}
