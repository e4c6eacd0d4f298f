/**
 * `npm run bidder -- [--processes N] [--port P]`: the bidder as processes of its own (decisions 8), on
 * PostgreSQL (`DATABASE_URL`), beside the console's server. Each process answers `/rtb/*` with its own
 * index, pacer and tracking writer; they share the database: the index follows every change through
 * `LISTEN scaler_delivery`, spend is read from the store every `BIDDER_SYNC_MS`, and notices are written
 * once whichever process receives them. Several processes share one port (Node's cluster module).
 * `BIDDER_PUBLIC_URL` is where exchanges reach these processes (their notices go there); `PUBLIC_URL`
 * stays the console's (click URLs, materials).
 */
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './db/open';
import { Bidder } from './modules/delivery/bidder';
import { bidderRoutes } from './modules/delivery/routes';
import { trackingKey } from './modules/tracking/signing';
import { IngestWriter } from './modules/tracking/writer';

const { values: args } = parseArgs({
  options: {
    processes: { type: 'string', default: String(Math.max(1, availableParallelism() - 1)) },
    port: { type: 'string', default: process.env.BIDDER_PORT ?? '3100' },
    host: { type: 'string', default: process.env.HOST ?? '0.0.0.0' },
  },
});
const processes = Number(args.processes);
const port = Number(args.port);
if (!Number.isInteger(processes) || processes < 1 || !Number.isInteger(port)) {
  process.stderr.write('usage: npm run bidder -- [--processes N] [--port P]\n');
  process.exit(2);
}

if (cluster.isPrimary && processes > 1) {
  for (let i = 0; i < processes; i++) cluster.fork();
  cluster.on('exit', (worker, code) => {
    process.stderr.write(`bidder process ${worker.process.pid} exited (${code}); starting another\n`);
    cluster.fork();
  });
  process.stdout.write(`Bidder: ${processes} processes on port ${port}\n`);
  const stop = () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    setTimeout(() => process.exit(0), 11_000).unref();
    cluster.removeAllListeners('exit');
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} else {
  const config = loadConfig();
  if (!process.env.DATABASE_URL) {
    process.stderr.write(
      'npm run bidder needs PostgreSQL (DATABASE_URL): the embedded database serves one process, and on it the bidder runs inside npm start.\n',
    );
    process.exit(2);
  }
  const database = await openConfiguredDatabase(config);
  const app = Fastify({ logger: { level: config.logLevel }, bodyLimit: 1024 * 1024 });
  const writer = new IngestWriter(database.db, app.log, { parallel: 1 });
  let key: Promise<Buffer> | null = null;
  const bidder = new Bidder({
    db: database.db,
    listen: (channel, onNotify) => database.listen(channel, onNotify),
    writer,
    key: () => {
      key ??= trackingKey(database.db);
      return key;
    },
    publicUrl: config.publicUrl,
    noticeUrl: process.env.BIDDER_PUBLIC_URL || `http://localhost:${port}`,
    log: app.log,
    syncMs: config.bidder.syncMs,
  });
  await bidder.start();
  await bidderRoutes(app, bidder);
  app.get('/healthz', async () => ({ status: 'ok', bidder: bidder.stats }));
  await app.listen({ port, host: args.host });
  const shutdown = async () => {
    await app.close();
    await bidder.close();
    await writer.drain();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}
