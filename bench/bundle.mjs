#!/usr/bin/env node
// Front-end weight and cold first content: each console page opened directly in a cold browser context
// (empty HTTP cache) of Chromium, against the built product with the demo workspace, as `npm start` serves
// it. For each page it prints
//
//   - the JavaScript the load fetches (entry, shared chunks, the page's own chunk, its layout, its strings
//     and whatever the page loads once drawn, such as its chart), until the network is idle, with each
//     file's size as served: raw, gzip and brotli (the precompressed files the build writes);
//   - the first meaningful content: the time from the start of the navigation to the first frame in which
//     the page shows its content with its data. Concretely, in the page's content area (`main`; the form
//     card on the pages before a session): a heading is visible, no spinner or active skeleton is shown,
//     and every table there has its first data row (or its empty placeholder). It is recorded in the page, on
//     each animation frame, by `performance.now()`.
//
// and the sign-up flow: /login?tab=signup, typing an e-mail, a name and a password, until the form has
// checked the password (what a newcomer's first minute costs).
//
// Fails when a target is missed:
//
//   /login ≤ 250 kB gzipped JavaScript; every other page (and the sign-up flow) ≤ 450 kB;
//   first meaningful content of /perf/campaign and /report/index ≤ 1.5 s (median of --samples loads).
//
//   npm run bench:bundle [-- --detail] [-- --samples 5] [-- --only /report/index]
//     (builds what changed first; --detail lists each page's files; 1 kB = 1000 bytes, as Vite prints)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startBuiltServer } from './lib.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const TARGETS = { login: 250, page: 450, firstContentMs: 1500 };
const TIMED = ['/perf/campaign', '/report/index'];
const PASSWORD = 'Demo@2026!';
const argv = process.argv.slice(2);
const DETAIL = argv.includes('--detail');
const SAMPLES = argv.includes('--samples') ? Number(argv[argv.indexOf('--samples') + 1]) : 5;
const ONLY = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : null;
const SKIP_BUILD = argv.includes('--no-build');

if (!SKIP_BUILD) {
  const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--if-changed'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

/** Sizes of one built file as the server sends it: raw, and its precompressed .gz and .br siblings. */
function sizesOf(urlPath) {
  const file = path.join(WEB_DIST, decodeURIComponent(urlPath));
  const raw = statSync(file).size;
  const sibling = (ext) => (existsSync(`${file}${ext}`) ? statSync(`${file}${ext}`).size : null);
  // Files under the compression threshold are sent as they are; count them as their gzip size anyway.
  const gzip = sibling('.gz') ?? gzipSync(readFileSync(file), { level: 9 }).length;
  return { raw, gzip, brotli: sibling('.br') ?? gzip };
}

const kB = (bytes) => (bytes / 1000).toFixed(1);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/**
 * Installed in every page before its scripts: on each animation frame, until it holds, checks the
 * "first meaningful content" condition above and keeps the time it first held in `window.__firstContent`.
 */
function watchFirstContent() {
  const visible = (el) => {
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const ready = () => {
    const area = document.querySelector('main') ?? document.querySelector('.auth-card');
    if (!area) return false;
    if (![...area.querySelectorAll('h1, h2, h3, h4')].some(visible)) return false;
    if ([...area.querySelectorAll('.ant-spin-spinning, .ant-skeleton-active')].some(visible)) return false;
    return [...area.querySelectorAll('.ant-table')].every(
      (t) => t.querySelector('.ant-table-row') || t.querySelector('.ant-table-placeholder'),
    );
  };
  const tick = () => {
    if (ready()) window.__firstContent = performance.now();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'scaler-bench-bundle-'));
let server = null;
let browser;
let failed = false;
try {
  if (!process.env.BENCH_BASE)
    process.stderr.write('Starting the built product with the demo workspace ...\n');
  // BENCH_BASE: a server already running the built product with the demo workspace (to repeat runs).
  server = process.env.BENCH_BASE
    ? { base: process.env.BENCH_BASE, stop: async () => {} }
    : await startBuiltServer(dataDir);
  const { base } = server;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });

  const login = async (context, email) => {
    const res = await context.request.post(`${base}/scaler/account/login`, {
      data: { email, password: PASSWORD },
    });
    if ((await res.json()).code !== 0) throw new Error(`login failed for ${email}`);
  };
  // Ids of demo assets for their detail pages.
  const probe = await browser.newContext();
  await login(probe, 'admin@demo.test');
  const list = async (pathname) =>
    (
      await (
        await probe.request.get(`${base}${pathname}`, {
          headers: { 'org-id': '100001', 'adv-id': '1000001' },
        })
      ).json()
    ).data.list;
  const app = (await list('/scaler/v3/app?page=1&page_size=1'))[0];
  const pixel = (await list('/scaler/v3/pixel?mode=1&page=1&page_size=1'))[0];
  const apiPixel = (await list('/scaler/v3/pixel?mode=2&page=1&page_size=1'))[0];
  await probe.close();

  // The sign-up flow: the form, then an e-mail, a name and a password typed, until the password is checked.
  const signUp = async (page) => {
    await page.getByRole('textbox', { name: /e-?mail|邮箱/i }).fill('newcomer@bench.example');
    await page.locator('input[autocomplete="name"]').fill('Bench Newcomer');
    const password = page.locator('input[autocomplete="new-password"]').first();
    await password.click();
    await password.pressSequentially('Tidal-Marble-Orbit-42', { delay: 20 });
    await password.blur();
    // Checked: the field's validation has settled, with or without a message.
    await page.waitForFunction(() => !document.querySelector('.ant-form-item-is-validating'));
  };

  const ctx = 'org=100001&adv=1000001';
  const pages = [
    ['/login', null],
    ['/login?tab=signup', null, signUp, 'sign-up flow'],
    ['/select', 'admin@demo.test'],
    ['/create-bc', 'admin@demo.test'],
    ['/manage/overview?org=100001', 'admin@demo.test'],
    ['/manage/overview/detail?org=100001', 'admin@demo.test'],
    ['/manage/members?org=100001', 'admin@demo.test'],
    ['/manage/partner?org=100001', 'admin@demo.test'],
    ['/manage/account?org=100001', 'admin@demo.test'],
    ['/manage/setting?org=100001', 'admin@demo.test'],
    ['/manage/verify?org=100001', 'admin@demo.test'],
    [`/home/index?${ctx}`, 'admin@demo.test'],
    [`/perf/campaign?${ctx}`, 'admin@demo.test'],
    [`/perf/adgroup?${ctx}`, 'admin@demo.test'],
    [`/perf/new?${ctx}&step=adgroup&campaign_id=2000001`, 'admin@demo.test'],
    [`/perf/new?${ctx}&step=creatives&campaign_id=2000001&adgroup_id=3000001`, 'admin@demo.test'],
    ['/creative/index', 'viewer@demo.test'],
    [`/report/index?${ctx}`, 'admin@demo.test'],
    [`/report/hourly?${ctx}`, 'admin@demo.test'],
    [`/report/bundle?${ctx}`, 'admin@demo.test'],
    [`/report/bundle/manage?${ctx}`, 'admin@demo.test'],
    [`/assets/events?${ctx}`, 'admin@demo.test'],
    [`/assets/events/cards/pixel?${ctx}`, 'admin@demo.test'],
    [`/assets/events/app/${app._id}?${ctx}`, 'admin@demo.test'],
    [`/assets/events/pixel/${pixel._id}?${ctx}`, 'admin@demo.test'],
    [`/assets/events/api/${apiPixel._id}?${ctx}`, 'admin@demo.test'],
    ['/setting/index?org=100001', 'admin@demo.test'],
    ['/setting/account-markup?org=100001', 'admin@demo.test'],
    ['/sa/tool', 'operator@demo.test'],
  ].filter(([target, , , label]) => !ONLY || ONLY.split(',').includes(label ?? target.split('?')[0]));

  /** One cold load of `target`: a fresh context (empty cache), signed in as `email` through the API. */
  async function load(target, email, flow) {
    const context = await browser.newContext({
      baseURL: base,
      locale: 'en-US',
      viewport: { width: 1440, height: 900 },
    });
    if (email) await login(context, email);
    await context.addInitScript(watchFirstContent);
    const page = await context.newPage();
    const scripts = new Set();
    page.on('response', (res) => {
      const { pathname } = new URL(res.url());
      if (pathname.endsWith('.js')) scripts.add(pathname);
    });
    await page.goto(target, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => window.__firstContent !== undefined, null, { timeout: 60_000 });
    const firstContent = await page.evaluate(() => window.__firstContent);
    if (flow) {
      await flow(page);
      await page.waitForLoadState('networkidle');
    }
    const landed = new URL(page.url()).pathname;
    const sizes = [...scripts].map((file) => ({ file, ...sizesOf(file) }));
    await context.close();
    return { landed, sizes, firstContent };
  }

  const rows = [];
  for (const [target, email, flow, label] of pages) {
    const name = label ?? target.split('?')[0].replace(/[0-9a-f]{24}/, ':id');
    const timed = TIMED.includes(name);
    const runs = [];
    for (let i = 0; i < (timed ? SAMPLES : 1); i++) runs.push(await load(target, email, flow));
    const { landed, sizes } = runs[0];
    if (DETAIL) {
      process.stdout.write(`${name}\n`);
      for (const s of [...sizes].sort((a, b) => b.gzip - a.gzip))
        process.stdout.write(`  ${kB(s.gzip).padStart(7)}  ${s.file}\n`);
    }
    const sum = (key) => sizes.reduce((n, s) => n + s[key], 0);
    const times = runs.map((r) => r.firstContent);
    rows.push({
      page: name,
      path: target.split('?')[0],
      landed,
      files: sizes.length,
      raw: sum('raw'),
      gzip: sum('gzip'),
      brotli: sum('brotli'),
      firstContent: median(times),
      range: timed ? `${Math.round(Math.min(...times))}–${Math.round(Math.max(...times))}` : '',
      timed,
    });
  }

  const width = Math.max(...rows.map((r) => r.page.length));
  const line = (cells) => process.stdout.write(`${cells.join('  ')}\n`);
  line([
    'page'.padEnd(width),
    'files',
    '     raw',
    '    gzip',
    '  brotli',
    ' first content ms  (kB of JavaScript)',
  ]);
  for (const r of rows) {
    const note = r.landed === r.path || r.page.includes(':id') ? '' : `  (landed on ${r.landed})`;
    const time = `${Math.round(r.firstContent)}`.padStart(6) + (r.timed ? ` (${r.range})` : '');
    line([
      r.page.padEnd(width),
      String(r.files).padStart(5),
      kB(r.raw).padStart(8),
      kB(r.gzip).padStart(8),
      kB(r.brotli).padStart(8),
      time + note,
    ]);
  }
  line([]);
  const checks = [];
  for (const r of rows) {
    const limit = r.page === '/login' ? TARGETS.login : TARGETS.page;
    if (r.page === '/login' || r.gzip > limit * 1000)
      checks.push([`${r.page}: ${kB(r.gzip)} kB gzipped (target ≤ ${limit} kB)`, r.gzip <= limit * 1000]);
  }
  const others = rows.filter((r) => r.page !== '/login');
  if (others.length) {
    const heaviest = others.reduce((a, b) => (b.gzip > a.gzip ? b : a));
    checks.push([
      `heaviest other page ${heaviest.page}: ${kB(heaviest.gzip)} kB gzipped (target ≤ ${TARGETS.page} kB)`,
      heaviest.gzip <= TARGETS.page * 1000,
    ]);
  }
  for (const r of rows.filter((x) => x.timed))
    checks.push([
      `${r.page}: first meaningful content ${Math.round(r.firstContent)} ms cold, median of ${SAMPLES} (target ≤ ${TARGETS.firstContentMs} ms)`,
      r.firstContent <= TARGETS.firstContentMs,
    ]);
  for (const [text, ok] of checks) line([`${text} ${ok ? 'ok' : 'MISSED'}`]);
  failed = checks.some(([, ok]) => !ok);
} catch (err) {
  process.stderr.write(`${err.stack ?? err}\n`);
  failed = true;
} finally {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
