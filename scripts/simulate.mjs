// `npm run simulate -- --qps N --minutes M [--url http://127.0.0.1:3000] [--seed S] [--stop]`: runs the
// delivery simulator (an exchange, its users and the attribution partners: apps/server/src/simulator/)
// against a running instance, inside that server's process, which speaks to itself over HTTP on its own
// port. Allowed from this machine only, with the key the server wrote to DATA_DIR/simulation.key.
// Prints the run's counts as it goes and at the end; `--stop` ends the run (the demo's included).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    qps: { type: 'string', default: '50' },
    minutes: { type: 'string', default: '5' },
    url: { type: 'string', default: `http://127.0.0.1:${process.env.PORT ?? '3000'}` },
    seed: { type: 'string' },
    stop: { type: 'boolean', default: false },
  },
});
const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
let key;
try {
  key = readFileSync(path.join(dataDir, 'simulation.key'), 'utf8').trim();
} catch {
  process.stderr.write(
    `No ${path.join(dataDir, 'simulation.key')}: start the server first (npm start), with the same DATA_DIR.\n`,
  );
  process.exit(1);
}
const headers = { 'x-simulation-key': key };
const call = async (method, body) => {
  const res = await fetch(`${values.url}/internal/simulation`, {
    method,
    // A JSON content type only with a body: Fastify refuses an empty JSON body.
    headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
    body: body ? JSON.stringify(body) : undefined,
  }).catch((err) => {
    process.stderr.write(`Cannot reach ${values.url}: ${err.message}. Is the server running?\n`);
    process.exit(1);
  });
  if (!res.ok) {
    process.stderr.write(`${method} /internal/simulation: ${res.status} ${await res.text()}\n`);
    process.exit(1);
  }
  return res.json();
};
const line = (s) =>
  `requests ${s.requests.acknowledged}/${s.requests.sent} (dropped ${s.dropped}), bids ${s.bids}, won ${s.auctionsWon}, ` +
  `billed ${s.billingNotices.acknowledged} = ${s.billed.acknowledged}, clicks ${s.clicks.acknowledged}, ` +
  `installs ${s.installs.acknowledged}, events ${s.events.acknowledged}, pixel ${s.pixelEvents.acknowledged}, ` +
  `revenue ${s.revenue.acknowledged}`;

if (values.stop) {
  const status = await call('DELETE');
  process.stdout.write(`stopped${status.last ? `: ${line(status.last.stats)}` : ''}\n`);
  process.exit(0);
}
const qps = Number(values.qps);
const minutes = Number(values.minutes);
if (!(qps > 0) || !(minutes > 0)) {
  process.stderr.write('--qps and --minutes must be positive numbers\n');
  process.exit(2);
}
await call('POST', { qps, minutes, ...(values.seed ? { seed: Number(values.seed) } : {}) });
process.stdout.write(`simulating ${qps} bid requests a second for ${minutes} min against ${values.url}\n`);
for (;;) {
  await new Promise((r) => setTimeout(r, 10_000));
  const status = await call('GET');
  if (!status.running) {
    process.stdout.write(`done: ${status.last ? line(status.last.stats) : 'no run'}\n`);
    break;
  }
  process.stdout.write(`${line(status.stats)}\n`);
}
