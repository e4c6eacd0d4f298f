#!/usr/bin/env node
// Start time of the compiled server (what `npm start` runs after its build check): from spawning
// `node apps/server/dist/main.js` until `/healthz` answers, on a fresh embedded database (migrations and
// the demo seed) and then again on the same folder (what every later start costs). Best of `--runs`.
//
//   npm run bench:start [-- --runs 3]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from './lib.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const RUNS = Number(values.runs);

const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--if-changed'], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(built.status ?? 1);

/** Starts the server on `dataDir`, returns the milliseconds until it is healthy, and stops it. */
async function timeStart(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
      if (performance.now() - started > 180_000) throw new Error('the server did not come up within 180 s');
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  }
}

const first = [];
const again = [];
for (let i = 0; i < RUNS; i++) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scaler-bench-start-'));
  try {
    first.push(await timeStart(dataDir));
    again.push(await timeStart(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
process.stdout.write(
  `compiled server, embedded database, best of ${RUNS}:\n` +
    `  first start (migrate + seed the demo workspace): ${s(Math.min(...first))}\n` +
    `  later start (existing data):                     ${s(Math.min(...again))}\n`,
);
