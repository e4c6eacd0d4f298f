#!/usr/bin/env node
// Front-end weight: the JavaScript each console page loads when opened directly in a fresh browser
// (entry, shared chunks, the page's own chunk, its layout and its strings), measured in Chromium against
// the built product, with each file's size as served: raw, gzip and brotli (the precompressed files
// the build writes). Fails when a target is missed:
//
//   /login ≤ 250 kB gzipped JavaScript; the heaviest page ≤ 450 kB.
//
//   npm run bench:bundle [-- --detail]   (builds what changed first; --detail lists each page's files;
//                                          1 kB = 1000 bytes, as Vite prints)
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
const TARGETS = { login: 250, heaviest: 450 };
const PASSWORD = 'Demo@2026!';
const DETAIL = process.argv.includes('--detail');

const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--if-changed'], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(built.status ?? 1);

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

const dataDir = mkdtempSync(path.join(tmpdir(), 'scaler-bench-bundle-'));
let server = null;
let browser;
let failed = false;
try {
  process.stderr.write('Starting the built product with the demo workspace ...\n');
  server = await startBuiltServer(dataDir);
  const { base } = server;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
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

  const ctx = 'org=100001&adv=1000001';
  const pages = [
    ['/login', null],
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
  ];

  const rows = [];
  for (const [target, email] of pages) {
    const context = await browser.newContext({ baseURL: base });
    if (email) await login(context, email);
    const page = await context.newPage();
    const scripts = new Set();
    page.on('response', (res) => {
      const { pathname } = new URL(res.url());
      if (pathname.endsWith('.js')) scripts.add(pathname);
    });
    await page.goto(target, { waitUntil: 'networkidle' });
    const landed = new URL(page.url());
    const sizes = [...scripts].map((file) => ({ file, ...sizesOf(file) }));
    if (DETAIL) {
      process.stdout.write(`${target}\n`);
      for (const s of sizes.sort((a, b) => b.gzip - a.gzip))
        process.stdout.write(`  ${kB(s.gzip).padStart(7)}  ${s.file}\n`);
    }
    const sum = (key) => sizes.reduce((n, s) => n + s[key], 0);
    rows.push({
      page: target.split('?')[0].replace(/[0-9a-f]{24}/, ':id'),
      landed: `${landed.pathname}`,
      files: scripts.size,
      raw: sum('raw'),
      gzip: sum('gzip'),
      brotli: sum('brotli'),
    });
    await context.close();
  }

  const width = Math.max(...rows.map((r) => r.page.length));
  const line = (cells) => process.stdout.write(`${cells.join('  ')}\n`);
  line(['page'.padEnd(width), 'files', '     raw', '    gzip', '  brotli  (kB of JavaScript)']);
  for (const r of rows) {
    const note = r.landed === r.page || r.page.includes(':id') ? '' : `  (landed on ${r.landed})`;
    line([
      r.page.padEnd(width),
      String(r.files).padStart(5),
      kB(r.raw).padStart(8),
      kB(r.gzip).padStart(8),
      kB(r.brotli).padStart(8) + note,
    ]);
  }
  const loginRow = rows.find((r) => r.page === '/login');
  const heaviest = rows.reduce((a, b) => (b.gzip > a.gzip ? b : a));
  const loginOk = loginRow.gzip <= TARGETS.login * 1000;
  const heaviestOk = heaviest.gzip <= TARGETS.heaviest * 1000;
  line([]);
  line([
    `/login: ${kB(loginRow.gzip)} kB gzipped (target ≤ ${TARGETS.login} kB) ${loginOk ? 'ok' : 'MISSED'}`,
  ]);
  line([
    `heaviest page ${heaviest.page}: ${kB(heaviest.gzip)} kB gzipped (target ≤ ${TARGETS.heaviest} kB) ${heaviestOk ? 'ok' : 'MISSED'}`,
  ]);
  failed = !loginOk || !heaviestOk;
} catch (err) {
  process.stderr.write(`${err.stack ?? err}\n`);
  failed = true;
} finally {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
