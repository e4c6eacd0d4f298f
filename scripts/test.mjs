// `npm test`: every check the project has, in order, provisioning what is missing on this kind of
// machine: Debian's Chromium for the browser tests and a throwaway PostgreSQL cluster for the API tests.
// Set SKIP_E2E=1 or SKIP_PG=1 to leave a stage out while iterating (CI runs everything); E2E_SHARDS sets
// how many browser-test shards run side by side (1; more for a machine with more cores).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { startCluster } from './pg-cluster.mjs';

const log = (msg) => process.stderr.write(`\n▶ ${msg}\n`);
const results = [];

/** Lines worth repeating under the summary when a stage fails: CI shows the end of the output. */
const FAILURE_LINE = /(FAIL|×|✗|Error:|AssertionError|expected|Timed out|timed out|❯ .*:\d+:\d+)/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes
const ANSI = /\x1b\[[0-9;]*m/g;

/** Copies a child's output to ours, line by line with a prefix, keeping the lines that tell a failure. */
function tee(child, prefix, keep) {
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let rest = '';
    const line = (text) => {
      to.write(`${prefix}${text}\n`);
      const plain = text.replace(ANSI, '').trimEnd();
      if (FAILURE_LINE.test(plain) && keep.length < 60) keep.push(`${prefix}${plain}`);
    };
    from.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const l of lines) line(l);
    });
    from.on('end', () => rest && line(rest));
  }
}

function runChild(cmd, args, options, prefix, keep) {
  const child = spawn(cmd, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  tee(child, prefix, keep);
  return new Promise((resolve) => child.on('close', (code) => resolve(code === 0)));
}

async function step(name, cmd, args, env = {}) {
  log(name);
  const started = Date.now();
  const keep = [];
  const ok = await runChild(cmd, args, { env: { ...process.env, ...env } }, '', keep);
  results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1), keep });
  return ok;
}

/** A program from a Debian package, installed when missing (as root, the way CI starts from a bare machine). */
function ensureDebian(bin, pkg) {
  if (existsSync(bin)) return bin;
  if (process.getuid?.() !== 0) {
    throw new Error(`${bin} not found; install Debian's ${pkg} (apt-get install -y ${pkg}) as root`);
  }
  log(`${bin} not found: installing Debian's ${pkg} package`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env });
  if (!existsSync(bin)) throw new Error(`installing ${pkg} failed`);
  return bin;
}

const ensureChromium = () => ensureDebian(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', 'chromium');

const npx = (bin, ...args) => ['node', [`node_modules/.bin/${bin}`, ...args]];

/**
 * The browser tests, in E2E_SHARDS shards run side by side (default 1), each with its own server and
 * database (vitest's `--shard`, by file); each line of output is prefixed with its shard. One run keeps
 * about three quarters of a core busy (guard.spec: 122 s of CPU in 160 s), but on this 2-core machine two
 * shards slowed every spec 1.7–2 times (perf-list 163 → 347 s, guard 173 → 291 s) and eight tests ran
 * past their 60 s limit: shards are for a machine with more cores.
 */
async function browserTests(chromium) {
  const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 1));
  const name = `browser tests (Chromium, ${shards} shard${shards === 1 ? '' : 's'})`;
  log(name);
  const started = Date.now();
  const keep = [];
  const runs = Array.from({ length: shards }, (_, i) => {
    const args = ['../node_modules/.bin/vitest', 'run', '--config', 'vitest.config.ts'];
    if (shards > 1) args.push(`--shard=${i + 1}/${shards}`);
    const prefix = shards > 1 ? `[e2e ${i + 1}/${shards}] ` : '';
    return runChild(
      'node',
      args,
      { cwd: 'e2e', env: { ...process.env, CHROMIUM_PATH: chromium } },
      prefix,
      keep,
    );
  });
  const ok = (await Promise.all(runs)).every(Boolean);
  results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1), keep });
  return ok;
}

let ok = true;
ok = (await step('lint (biome)', ...npx('biome', 'check', '.'))) && ok;
ok = (await step('type-check (tsc)', 'npm', ['run', '-s', 'typecheck'])) && ok;
ok = (await step('translations (i18n:check)', 'node', ['scripts/i18n-check.mjs'])) && ok;
ok =
  (await step(
    'unit tests (domain, server, console)',
    ...npx('vitest', 'run', '--project', 'unit', '--project', 'web'),
  )) && ok;
// The statements' API tests render their PDFs as a reader would (poppler's pdftoppm and pdftotext).
ensureDebian('/usr/bin/pdftoppm', 'poppler-utils');
ok =
  (await step('API tests on PGlite', ...npx('vitest', 'run', '--project', 'api'), {
    TEST_DATABASE_URL: '',
  })) && ok;

if (process.env.SKIP_PG !== '1') {
  let cluster = null;
  const external = process.env.TEST_DATABASE_URL;
  try {
    if (!external) cluster = await startCluster({ log: (m) => log(m) });
    const url = external || cluster.url;
    ok =
      (await step('API tests on PostgreSQL', ...npx('vitest', 'run', '--project', 'api'), {
        TEST_DATABASE_URL: url,
      })) && ok;
  } catch (err) {
    log(`API tests on PostgreSQL cannot run: ${err.message}`);
    results.push({ name: 'API tests on PostgreSQL', ok: false, seconds: '0' });
    ok = false;
  } finally {
    cluster?.stop();
  }
}

if (process.env.SKIP_E2E !== '1') {
  try {
    const chromium = ensureChromium();
    ok = (await step('build the product (console and server)', 'npm', ['run', '-s', 'build'])) && ok;
    ok = (await browserTests(chromium)) && ok;
  } catch (err) {
    log(`browser tests cannot run: ${err.message}`);
    results.push({ name: 'browser tests (Chromium)', ok: false, seconds: '0' });
    ok = false;
  }
}

for (const r of results.filter((x) => !x.ok && x.keep?.length)) {
  process.stderr.write(`\nWhat failed in ${r.name}:\n${r.keep.join('\n')}\n`);
}
process.stderr.write('\nSummary\n');
for (const r of results) process.stderr.write(`  ${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds} s)\n`);
const failed = results.filter((r) => !r.ok).length;
process.stdout.write(`${results.length - failed} passed, ${failed} failed\n`);
process.exit(ok ? 0 : 1);
