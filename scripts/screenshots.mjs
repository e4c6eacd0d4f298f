#!/usr/bin/env node
// `npm run screenshots`: the user guide's pictures of what a user sees. Starts the built product (builds
// what changed first) with the demo workspace on the embedded database, signs in as the demo admin
// (admin@demo.test) and takes the campaign list, the ad group list and the custom report of Northwind
// Shoes in Chromium at 1440 × 900, in English and in Chinese (when the machine has a Chinese font),
// into docs/user/{en,zh}/img/. A picture is
// taken once the page shows its content with its data (a heading, no spinner, each table with its rows).
//
//   npm run screenshots [-- --lang en]   (BASE_URL=http://... uses a server already running the demo)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startBuiltServer } from '../bench/lib.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const ONLY_LANG = argv.includes('--lang') ? argv[argv.indexOf('--lang') + 1] : null;
const CTX = 'org=100001&adv=1000001';
const SHOTS = [
  ['perf-campaign', `/perf/campaign?${CTX}`],
  ['perf-adgroup', `/perf/adgroup?${CTX}`],
  ['report-index', `/report/index?${CTX}`],
];
/** Whether the machine has a font with Chinese characters (without one, Chromium draws boxes). */
const hasChineseFont = () =>
  spawnSync('fc-list', [':lang=zh'], { encoding: 'utf8' }).stdout?.trim().length > 0;
const LANGS = [
  ['en', 'en-US'],
  ['zh', 'zh-CN'],
].filter(([dir]) => {
  if (ONLY_LANG && dir !== ONLY_LANG) return false;
  if (dir === 'zh' && !hasChineseFont()) {
    process.stderr.write(
      'No Chinese font on this machine (fc-list :lang=zh): the Chinese pictures are left as they are. ' +
        'Install one (Debian: apt-get install fonts-noto-cjk) to take them.\n',
    );
    return false;
  }
  return true;
});

/** Whether the page shows its content with its data (as bench:bundle's "first meaningful content"). */
function pageReady() {
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const area = document.querySelector('main');
  if (!area || ![...area.querySelectorAll('h1, h2, h3, h4')].some(visible)) return false;
  if ([...area.querySelectorAll('.ant-spin-spinning, .ant-skeleton-active')].some(visible)) return false;
  return [...area.querySelectorAll('.ant-table')].every(
    (t) => t.querySelector('.ant-table-row') || t.querySelector('.ant-table-placeholder'),
  );
}

if (!process.env.BASE_URL) {
  const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--if-changed'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'scaler-screenshots-'));
let server = null;
let browser;
let failed = false;
try {
  if (process.env.BASE_URL) server = { base: process.env.BASE_URL, stop: async () => {} };
  else {
    process.stderr.write('Starting the built product with the demo workspace ...\n');
    server = await startBuiltServer(dataDir);
  }
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars'],
  });
  for (const [dir, locale] of LANGS) {
    const context = await browser.newContext({
      baseURL: server.base,
      locale,
      viewport: { width: 1440, height: 900 },
      reducedMotion: 'reduce',
    });
    await context.addInitScript((lng) => localStorage.setItem('SC-LOCALE', lng), locale);
    const res = await context.request.post('/scaler/account/login', {
      data: { email: 'admin@demo.test', password: 'Demo@2026!' },
    });
    if ((await res.json()).code !== 0) throw new Error('the demo admin could not sign in');
    const page = await context.newPage();
    const outDir = path.join(ROOT, 'docs/user', dir, 'img');
    mkdirSync(outDir, { recursive: true });
    for (const [name, target] of SHOTS) {
      await page.goto(target, { waitUntil: 'networkidle' });
      await page.waitForFunction(pageReady, null, { timeout: 120_000, polling: 200 });
      // Charts and fonts settle after the data.
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      const file = path.join(outDir, `${name}.png`);
      await page.screenshot({ path: file });
      process.stdout.write(`${path.relative(ROOT, file)}\n`);
    }
    await context.close();
  }
} catch (err) {
  process.stderr.write(`${err.stack ?? err}\n`);
  failed = true;
} finally {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
