// `npm run build`: builds the product — the console (Vite: hashed, precompressed files in apps/web/dist)
// and the server (esbuild: apps/server/dist/main.js and cli.js).
//
// `--if-changed` (what `npm start` and `npm run cli` use) skips a part whose inputs have not changed
// since it was last built: each part's dist folder keeps a fingerprint (SHA-256 of the path and content of
// every input file: its sources, the domain package, its package.json, the lock file and this script),
// and a part is rebuilt when its dist folder, its output or that fingerprint is missing or differs.
// `--only web|server` builds one part; `--quiet` prints nothing but the builders' own output.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = '.build-fingerprint';
const SHARED_INPUTS = [
  'packages/domain/src',
  'packages/domain/package.json',
  'package-lock.json',
  'scripts/build.mjs',
];

const PARTS = {
  web: {
    label: 'console',
    dist: 'apps/web/dist',
    output: 'index.html',
    inputs: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json'],
    run: () => run('npm', ['run', '-s', 'build', '-w', 'apps/web']),
  },
  server: {
    label: 'server',
    dist: 'apps/server/dist',
    output: 'main.js',
    inputs: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json'],
    run: () => run(process.execPath, ['apps/server/build.mjs']),
  },
};

/** Test files and local data never change what is built. */
const ignored = (rel) => /\.test\.tsx?$/.test(rel) || rel.includes('node_modules');

function filesOf(rel) {
  const abs = path.join(ROOT, rel);
  if (!existsSync(abs)) return [];
  if (!statSync(abs).isDirectory()) return ignored(rel) ? [] : [rel];
  return readdirSync(abs)
    .sort()
    .flatMap((name) => filesOf(path.posix.join(rel, name)));
}

function fingerprint(part) {
  const hash = createHash('sha256');
  for (const rel of [...part.inputs, ...SHARED_INPUTS].flatMap(filesOf).sort()) {
    hash
      .update(rel)
      .update('\0')
      .update(readFileSync(path.join(ROOT, rel)))
      .update('\0');
  }
  return hash.digest('hex');
}

function upToDate(part, print) {
  const stamp = path.join(ROOT, part.dist, STAMP);
  if (!existsSync(path.join(ROOT, part.dist, part.output)) || !existsSync(stamp)) return false;
  return readFileSync(stamp, 'utf8').trim() === print;
}

function run(cmd, args) {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const args = process.argv.slice(2);
const ifChanged = args.includes('--if-changed');
const quiet = args.includes('--quiet');
const log = (line) => quiet || process.stderr.write(`${line}\n`);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
if (only && !PARTS[only]) {
  process.stderr.write(`unknown part "${only}": use web or server\n`);
  process.exit(2);
}

for (const [name, part] of Object.entries(PARTS)) {
  if (only && only !== name) continue;
  const print = fingerprint(part);
  if (ifChanged && upToDate(part, print)) {
    log(`The ${part.label} is up to date (${part.dist}).`);
    continue;
  }
  const started = Date.now();
  log(`Building the ${part.label} ...`);
  part.run();
  writeFileSync(path.join(ROOT, part.dist, STAMP), `${print}\n`);
  log(`Built the ${part.label} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
