// `npm start`: builds what changed (the console and the compiled server; nothing when both are up to
// date, see scripts/build.mjs) and serves the console and the API on one port (PORT, default 3000) on
// the embedded database (DATA_DIR, default ./data), migrating and seeding the demo workspace on first start.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--if-changed'], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(ROOT, 'apps/server/dist/main.js')],
  { stdio: 'inherit' },
);
// The server shuts down gracefully on SIGINT and SIGTERM; pass them on and leave with its exit code.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
