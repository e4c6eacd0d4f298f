// Starts a throwaway PostgreSQL cluster from the installed binaries, for tests and benchmarks.
// initdb refuses to run as root, so as root the cluster runs as the `postgres` user.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

function findBinDir() {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv && existsSync(path.join(fromEnv, 'initdb'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions)
    if (existsSync(path.join(root, v, 'bin', 'initdb'))) return path.join(root, v, 'bin');
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Installs Debian's PostgreSQL when the binaries are missing and we may (root). */
export function ensurePostgresBinaries(log = console.error) {
  let bin = findBinDir();
  if (bin) return bin;
  if (process.getuid?.() !== 0) return null;
  log('PostgreSQL binaries not found: installing Debian package postgresql ...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '-qq', 'postgresql'], { stdio: 'inherit', env });
  bin = findBinDir();
  return bin;
}

/**
 * Returns { url, stop } for a fresh cluster on a free loopback port with trust authentication.
 * Throws with a plain reason when it cannot.
 */
export async function startCluster({ log = console.error, durable = false } = {}) {
  const bin = ensurePostgresBinaries(log);
  if (!bin) throw new Error('no PostgreSQL binaries (initdb) found and cannot install them (not root)');
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'scaler-pg-'));
  const dataDir = path.join(dir, 'data');
  const run = (cmd, args) => {
    const full = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    return execFileSync(full[0], full[1], { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  };
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  run(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  // Tests trade durability for speed; a benchmark of acknowledged events keeps PostgreSQL's defaults.
  const fast = durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300${fast}`;
  run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-o', opts, '-l', path.join(dir, 'log'), '-w', 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  log(`PostgreSQL ${path.basename(path.dirname(bin))} started at ${url}${durable ? ' (fsync on)' : ''}`);
  return {
    url,
    stop() {
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
