// `npm run bidder -- [--processes N] [--port P]`: the bidder processes (apps/server/src/bidder-main.ts), compiled with the server (built first if its sources
// changed, see scripts/build.mjs).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = spawnSync(
  process.execPath,
  [path.join(ROOT, 'scripts/build.mjs'), '--if-changed', '--only', 'server', '--quiet'],
  { cwd: ROOT, stdio: 'inherit' },
);
if (build.status !== 0) process.exit(build.status ?? 1);
const cli = spawnSync(
  process.execPath,
  ['--enable-source-maps', path.join(ROOT, 'apps/server/dist/bidder.js'), ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exit(cli.status ?? 1);
