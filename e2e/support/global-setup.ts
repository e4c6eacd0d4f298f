import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    serverLog: string;
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy within ${timeoutMs} ms`);
}

const SERVER = path.join(ROOT, 'apps/server/dist/main.js');

/**
 * Starts the real product as production runs it (the compiled server and the built console, `npm run
 * build`, once for every browser test) on a free port with a fresh embedded database and the demo
 * workspace.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html')) || !existsSync(SERVER)) {
    throw new Error('The product is not built: run `npm run build` first (npm test does).');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scaler-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  // A copy of the built console: a rebuild during the run (another process running `npm run build`)
  // would otherwise swap the hashed assets under the server, which lists them once at start.
  const webDist = process.env.WEB_DIST ?? path.join(dataDir, 'web');
  if (!process.env.WEB_DIST) cpSync(path.join(ROOT, 'apps/web/dist'), webDist, { recursive: true });
  const log = createWriteStream(logFile);
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: '1',
      // The demo's figures stay as seeded: the browser tests check them (the simulator has tests of its own).
      SIMULATE: '0',
      PUBLIC_URL: baseUrl,
      SMTP_URL: '',
      WEB_DIST: webDist,
      // Every browser of the run is 127.0.0.1: the sign-ups and reset requests of all the specs together
      // would pass the hourly limit per client address meant for one person.
      MAIL_LIMIT_ADDRESS: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  await waitForHealth(baseUrl, child, 300_000);
  project.provide('baseUrl', baseUrl);
  project.provide('serverLog', logFile);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
