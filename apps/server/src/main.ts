import { buildApp } from './app';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './db/open';
import { createFileStorage } from './modules/files/storage';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoIfEmpty } from './seed/demo';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
const app = await buildApp({ config, database });

const seeded = config.seedDemo
  ? await seedDemoIfEmpty({ db: database.db, storage: createFileStorage(config.dataDir) })
  : false;
// The seed filled empty tables: fresh planner statistics (PGlite has no autovacuum).
if (seeded) await database.analyze();
await app.listen({ port: config.port, host: config.host });
// The demo's traffic: an exchange, its users and the partners, so numbers move (SIMULATE=0: off).
if (config.simulateQps > 0 && app.simulation) await app.simulation.start(config.simulateQps, null);

const url = `http://localhost:${config.port}`;
const lines = [
  '',
  `  Scaler Console is running at ${url}`,
  `  Database: ${database.kindLabel}${seeded ? ' (demo workspace seeded just now)' : ''}`,
  `  Docs: ${url}/docs/en/   API description: ${url}/scaler/openapi.json`,
];
if (config.simulateQps > 0 && app.simulation)
  lines.push(`  Delivery simulator: ${config.simulateQps} bid requests a second (SIMULATE=0 turns it off)`);
if (config.seedDemo) {
  lines.push(`  Demo users (password ${DEMO_PASSWORD}):`);
  for (const u of DEMO_USERS) lines.push(`    ${u.email.padEnd(22)} ${u.description}`);
}
lines.push('  Or sign up at /login; without SMTP_URL the verification link is printed in this log.', '');
process.stdout.write(`${lines.join('\n')}\n`);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  const timer = setTimeout(() => {
    app.log.error('shutdown took longer than 10 s; exiting');
    process.exit(1);
  }, 10_000);
  timer.unref();
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
