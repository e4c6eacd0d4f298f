import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the server finds the files that ship beside its code. This module sits directly in the
 * package's `src/` when run from source (tsx, tests) and is bundled into a file directly in `dist/`
 * for production (`npm run build`), so its folder's parent is the server package either way. Code that
 * needs a file beside it takes the path from here, never from its own `import.meta.url`, which the
 * bundle moves.
 */
const HERE = path.dirname(fileURLToPath(import.meta.url));
export const SERVER_ROOT = path.resolve(HERE, '..');
/** True when running the TypeScript (tsx, tests), false in the bundle. */
export const FROM_SOURCE = import.meta.url.endsWith('.ts');
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');

/** drizzle-kit's migrations, applied at start. */
export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'drizzle');
/** Default images (avatars) served under `/static/`. */
export const STATIC_DIR = path.join(SERVER_ROOT, 'static');
/** The built console. */
export const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');
/** The user documentation served at `/docs/{en,zh}/`. */
export const DOCS_DIR = path.join(REPO_ROOT, 'docs/user');
/** The embedded database's thread (plain JavaScript: `src/db/`, copied to `dist/db/` by the build). */
export const PGLITE_WORKER = path.join(HERE, 'db', 'pglite-worker.mjs');
/**
 * The media worker (`modules/media/worker.ts`): its own bundle beside the server's (`dist/media-worker.js`),
 * or its source when the server runs from source, which `modules/media/meter.ts` then bundles on first use
 * (Node 20 workers do not inherit the parent's TypeScript loader).
 */
export const MEDIA_WORKER = FROM_SOURCE
  ? path.join(SERVER_ROOT, 'src/modules/media/worker.ts')
  : path.join(SERVER_ROOT, 'dist/media-worker.js');
