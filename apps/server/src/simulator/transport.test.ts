import { describe, expect, test } from 'vitest';
import { Transport } from './transport';

/** A fetch that answers each URL from its script (then 200), holding each answer until released. */
function scripted(answers: Record<string, (() => Response)[]> = {}) {
  const calls: string[] = [];
  const held: (() => void)[] = [];
  const fetch = async (input: string | URL | Request) => {
    calls.push(String(input));
    const answer = answers[String(input)]?.shift() ?? (() => new Response('', { status: 200 }));
    await new Promise<void>((resolve) => held.push(resolve));
    return answer();
  };
  const releaseAll = async () => {
    for (let i = 0; i < 50; i++) {
      for (const r of held.splice(0)) r();
      await new Promise((r) => setImmediate(r));
    }
  };
  return { fetch: fetch as typeof globalThis.fetch, calls, releaseAll };
}

const req = (url: string) => ({ url, timeoutMs: 1000 });

describe('the simulator’s HTTP client', () => {
  test('a bid request finds a free slot or is not sent; others wait in turn', async () => {
    const s = scripted();
    const t = new Transport({ concurrency: 2, fetch: s.fetch });
    const a = t.trySend(req('a'));
    const b = t.trySend(req('b'));
    expect(t.trySend(req('c'))).toBeNull();
    let sent = false;
    const d = t.send(req('d'), () => {
      sent = true;
    });
    expect(sent).toBe(false);
    await s.releaseAll();
    expect(sent).toBe(true);
    expect((await Promise.all([a, b, d])).map((x) => x?.status)).toEqual([200, 200, 200]);
    expect(s.calls).toEqual(['a', 'b', 'd']);
  });

  test('503 with retry-after is retried once after the delay; a redirect is not followed', async () => {
    const slept: number[] = [];
    const busy = () => new Response('{}', { status: 503, headers: { 'retry-after': '1' } });
    const s = scripted({
      n1: [busy, () => new Response('ok', { status: 200 })],
      n2: [busy, busy],
      n3: [() => new Response(null, { status: 302, headers: { location: 'https://x.test/?clickid=1' } })],
    });
    const t = new Transport({
      concurrency: 4,
      fetch: s.fetch,
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    const first = t.send(req('n1'));
    const second = t.send(req('n2'));
    const third = t.send(req('n3'));
    await s.releaseAll();
    expect(await first).toMatchObject({ status: 200, retried: true, text: 'ok' });
    expect(await second).toMatchObject({ status: 503, retried: true });
    expect(await third).toMatchObject({ status: 302, location: 'https://x.test/?clickid=1', retried: false });
    expect(slept).toEqual([1000, 1000]);
  });

  test('network errors are answers; closed, nothing more is sent and waiting requests are dropped', async () => {
    const failing = new Transport({
      concurrency: 1,
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as typeof fetch,
    });
    expect(await failing.send(req('x'))).toEqual({ status: 'error', retried: false });

    const s = scripted();
    const t = new Transport({ concurrency: 1, fetch: s.fetch });
    const running = t.send(req('a'));
    const waiting = t.send(req('b'));
    t.close();
    expect(t.trySend(req('c'))).toBeNull();
    await s.releaseAll();
    expect((await running)?.status).toBe(200);
    expect(await waiting).toBeNull();
    await t.idle();
    expect(s.calls).toEqual(['a']);
  });
});
