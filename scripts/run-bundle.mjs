// Runs a bundle of the server (`apps/server/dist/<name>.js`) with this process's arguments, building the
// server first if its sources changed (scripts/build.mjs): `npm run cli`, `npm run bidder`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function runBundle(name) {
  const build = spawnSync(
    process.execPath,
    [path.join(ROOT, 'scripts/build.mjs'), '--if-changed', '--only', 'server', '--quiet'],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
  const run = spawnSync(
    process.execPath,
    ['--enable-source-maps', path.join(ROOT, `apps/server/dist/${name}.js`), ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  process.exit(run.status ?? 1);
}
