// Builds the server for production: `src/main.ts` → `dist/main.js`, `src/cli/main.ts` → `dist/cli.js`,
// `src/bidder-main.ts` → `dist/bidder.js` (`npm run bidder`) and the
// media worker `src/modules/media/worker.ts` → `dist/media-worker.js` (started by `modules/media/meter.ts`),
// with the workspace package `@scaler/domain` (TypeScript source) bundled in. Every other package stays
// an import of node_modules: PGlite loads its WebAssembly beside its own files, pino starts its
// transports by name, and one copy of zod must serve the domain's schemas and the type provider alike.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(root, 'dist');

/** Bare imports stay external except our own workspace packages, which are bundled from source. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@scaler/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

export async function buildServer() {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'src/main.ts',
      cli: 'src/cli/main.ts',
      bidder: 'src/bidder-main.ts',
      'media-worker': 'src/modules/media/worker.ts',
    },
    outdir,
    bundle: true,
    // Self-contained files, no shared chunks: `src/paths.ts` finds the package as the parent of the
    // bundle's own folder, so every bundle must sit directly in dist/.
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  // The embedded database's thread is plain JavaScript, found beside the bundle as in `src/`.
  cpSync(path.join(root, 'src/db/pglite-worker.mjs'), path.join(outdir, 'db/pglite-worker.mjs'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
