import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RTB_MACROS } from '@scaler/domain';
import { afterEach, describe, expect, test } from 'vitest';
import { Simulator, type SimulatorOptions } from './simulator';

/** A stand-in server (bidder or console) on a local port: `answer` decides; every request's body is kept. */
async function stubServer(answer: (req: IncomingMessage, res: ServerResponse) => void) {
  const bodies: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      bodies.push(body);
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  servers.push(server);
  return { url: `http://127.0.0.1:${port}`, bodies };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

const options = (baseUrl: string, over: Partial<SimulatorOptions> = {}): SimulatorOptions => ({
  baseUrl,
  exchange: { id: 7, token: 'rtb_test', currency: 'USD' },
  qps: 200,
  seed: 11,
  users: 500,
  // 14:00 UTC, whatever the real time: the curve's factor is fixed.
  now: () => Date.parse('2026-03-10T14:00:00Z'),
  directory: async () => ({ apps: [], pixels: [] }),
  ...over,
});

describe('the simulator loop', () => {
  test('sends qps × the curve’s factor, each request to the exchange’s endpoint with its token', async () => {
    const seen: string[] = [];
    const bidder = await stubServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization}`);
      res.writeHead(204, { 'x-openrtb-nbr': '0' }).end();
    });
    const stats = await new Simulator(options(bidder.url)).runFor(1000);
    expect(stats.requests.sent).toBeGreaterThan(100);
    expect(stats.requests.sent).toBeLessThan(300);
    expect(stats.requests.acknowledged).toBe(stats.requests.sent);
    expect(stats.noBids).toBe(stats.requests.sent);
    expect(new Set(seen)).toEqual(new Set(['POST /rtb/bid/7 Bearer rtb_test']));
  });

  test('the same seed sends the same requests', async () => {
    const answer = (_req: IncomingMessage, res: ServerResponse) => res.writeHead(204).end();
    const a = await stubServer(answer);
    const b = await stubServer(answer);
    await new Simulator(options(a.url)).runFor(400);
    await new Simulator(options(b.url)).runFor(400);
    // Each run sent its first n requests (they arrive in any order over several connections).
    const [fewer, more] = a.bodies.length <= b.bodies.length ? [a.bodies, b.bodies] : [b.bodies, a.bodies];
    expect(fewer.length).toBeGreaterThan(20);
    const sent = new Set(more);
    expect(fewer.filter((body) => !sent.has(body))).toEqual([]);
    const other = await stubServer(answer);
    await new Simulator(options(other.url, { seed: 12 })).runFor(200);
    expect(other.bodies.filter((body) => sent.has(body))).toEqual([]);
  });

  test('a bidder that does not answer: requests beyond `concurrency` are dropped, and stop waits for the rest', async () => {
    const held: ServerResponse[] = [];
    const bidder = await stubServer((_req, res) => held.push(res));
    const simulator = new Simulator(options(bidder.url, { concurrency: 4 }));
    simulator.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopping = simulator.stop();
    for (const res of held) res.writeHead(204).end();
    await stopping;
    const stats = simulator.stats;
    expect(stats.requests.sent).toBe(4);
    expect(stats.requests.acknowledged).toBe(4);
    expect(stats.dropped).toBeGreaterThan(20);
  });

  test('notices go to the bidder that answered with the price filled in, the tap to baseUrl', async () => {
    const bid = {
      id: 'b1',
      impid: '1',
      price: 50,
      adid: '3000001',
      adm: '<a href="https://console.public/t/click?a=1&amp;app=0123456789abcdef01234567&amp;n=x"><img src="i.png"></a>',
      nurl: `https://bidder.public/rtb/win?d=1&p=${RTB_MACROS.price}`,
      burl: `https://bidder.public/rtb/bill?d=1&p=${RTB_MACROS.price}`,
      lurl: `https://bidder.public/rtb/loss?d=1&p=${RTB_MACROS.minToWin}&r=${RTB_MACROS.loss}`,
      mtype: 1,
    };
    const notices: string[] = [];
    const bidder = await stubServer((req, res) => {
      if (req.method === 'POST')
        return res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ id: 'r', seatbid: [{ seat: 's', bid: [bid] }] }));
      notices.push(req.url ?? '');
      res.writeHead(200).end();
    });
    const taps: string[] = [];
    const server = await stubServer((req, res) => {
      taps.push(req.url ?? '');
      res.writeHead(302, { location: 'https://app.appsflyer.com/x?clickid=0123456789abcdef01234567' }).end();
    });
    const stats = await new Simulator(
      options(server.url, {
        bidUrl: bidder.url,
        qps: 50,
        timeScale: 0.001,
        rates: { render: 1, ctrScale: 100 },
      }),
    ).runFor(500);
    expect(stats.auctionsWon).toBeGreaterThan(5);
    expect(stats.billingNotices.acknowledged).toBe(stats.auctionsWon);
    expect(
      notices.filter((n) => n.startsWith('/rtb/win?')).every((n) => /^\/rtb\/win\?d=1&p=\d+\.\d{3}$/.test(n)),
    ).toBe(true);
    expect(notices.filter((n) => n.startsWith('/rtb/bill?'))).toHaveLength(stats.auctionsWon);
    expect(taps.length).toBe(stats.clicks.acknowledged);
    expect(taps[0]).toBe('/t/click?a=1&app=0123456789abcdef01234567&n=x');
    expect(stats.byAdGroup['3000001']).toMatchObject({ impressions: stats.auctionsWon, clicks: taps.length });
  });

  test('an unreachable server is counted, never thrown', async () => {
    const bidder = await stubServer((_req, res) => res.writeHead(204).end());
    const url = bidder.url;
    await new Promise((resolve) => servers.splice(0)[0].close(resolve));
    const stats = await new Simulator(options(url)).runFor(300);
    expect(stats.requests.sent).toBeGreaterThan(10);
    expect(stats.requests.acknowledged).toBe(0);
    expect(stats.failures['bid error']).toBe(stats.requests.sent);
  });
});
