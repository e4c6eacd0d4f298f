// The embedded database (PGlite) in a thread of its own. PGlite runs PostgreSQL as WebAssembly, and a
// statement runs synchronously in the thread that calls it: on the server's main thread one long
// statement would stop every other request, `/healthz` included. Here it stops only this thread; the
// main thread sends statements (`pglite-thread.ts`) and keeps serving meanwhile. Plain JavaScript, so
// the same file runs under the built server, tsx and the tests without compiling.
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const identity = (value) => value;

/** A PGlite error as plain data: its message and PostgreSQL's fields (code, detail, constraint, ...). */
function plainError(err) {
  const out = { name: err?.name ?? 'Error', message: String(err?.message ?? err) };
  if (err && typeof err === 'object') {
    for (const [key, value] of Object.entries(err)) {
      if (['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
    }
  }
  return out;
}

/** drizzle asks for some types as their text (its parsers return the value as it came). */
function queryOptions(message) {
  const options = {};
  if (message.rowMode) options.rowMode = message.rowMode;
  if (message.textTypes?.length) {
    options.parsers = Object.fromEntries(message.textTypes.map((oid) => [oid, identity]));
  }
  return options;
}

async function open() {
  const options = {};
  if (workerData.loadDataDir) options.loadDataDir = new Blob([await readFile(workerData.loadDataDir)]);
  return PGlite.create(workerData.dataDir ?? undefined, options);
}

let db;
try {
  db = await open();
} catch (err) {
  parentPort.postMessage({ id: 0, error: plainError(err) });
  process.exit(1);
}

async function run(message) {
  switch (message.op) {
    case 'query':
      return db.query(message.sql, message.params ?? [], queryOptions(message));
    case 'exec':
      return db.exec(message.sql, queryOptions(message));
    case 'dump': {
      const file = await db.dumpDataDir(message.compression ?? 'none');
      return new Uint8Array(await file.arrayBuffer());
    }
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

parentPort.on('message', async (message) => {
  try {
    const result = await run(message);
    parentPort.postMessage({ id: message.id, result });
    if (message.op === 'close') parentPort.close();
  } catch (err) {
    parentPort.postMessage({ id: message.id, error: plainError(err) });
  }
});
parentPort.postMessage({ id: 0, result: 'ready' });
