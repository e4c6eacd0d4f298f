import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { REPO_ROOT } from '../src/config';

let child: ChildProcess | null = null;
const dataDir = mkdtempSync(path.join(tmpdir(), 'scaler-shutdown-'));
afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

test('SIGTERM finishes the requests in flight, then exits cleanly', { timeout: 180_000 }, async () => {
  const port = 20000 + Math.floor(Math.random() * 20000);
  // `node --import tsx` rather than the tsx CLI: the CLI relays signals to a child process and
  // kills it when it does not acknowledge within 30 ms, which a busy server may miss.
  child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: '1',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  // The server logs one "incoming request" line per request it has accepted.
  let received = 0;
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (line.includes('incoming request') && line.includes('"url":"/scaler/account/login"')) received++;
    }
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
  // Logins of one account run one after another (each hashes a password), so when the server has
  // received all sixteen, most of them are still waiting their turn as the signal comes.
  let signalledAt = 0;
  const inFlight = Array.from({ length: 16 }, () =>
    fetch(`${base}/scaler/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'Demo@2026!' }),
    }).then(async (r) => ({
      status: r.status,
      code: ((await r.json()) as { code: number }).code,
      after: Date.now() > signalledAt,
    })),
  );
  for (let i = 0; i < 3000 && received < 16; i++) await new Promise((r) => setTimeout(r, 10));
  expect(received).toBe(16);
  signalledAt = Date.now();
  child.kill('SIGTERM');
  const results = await Promise.all(inFlight);
  expect(results.map(({ status, code }) => ({ status, code }))).toEqual(
    Array.from({ length: 16 }, () => ({ status: 200, code: 0 })),
  );
  expect(results.filter((r) => r.after).length).toBeGreaterThanOrEqual(10);
  expect(await exited).toBe(0);
  await expect(fetch(`${base}/healthz`)).rejects.toThrow();
});
