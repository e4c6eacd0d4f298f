import { Worker } from 'node:worker_threads';
import { afterEach, expect, test } from 'vitest';
import { full, mp4, u32 } from '../../../test/mp4';
import { AppError } from '../../http/errors';
import { createMediaMeter, type MediaMeter } from './meter';

const GOOD = { width: 1280, height: 720, seconds: 10, payloadBytes: 20_000 };
const HTML = Buffer.from('<html><script>alert(1)</script></html>');

let meter: MediaMeter;
afterEach(() => meter.close());

test('the real worker measures a video, hands back the bytes to store and refuses a lie', async () => {
  meter = createMediaMeter({ timeoutMs: 5000, workers: 1, queue: 4 });
  const file = mp4(GOOD);
  const good = await meter.measureMp4(Buffer.concat([file, HTML]));
  expect(good.ok && good.video).toMatchObject({ duration: 10, width: 1280, height: 720 });
  expect(good.ok && good.bytes.equals(file)).toBe(true);
  const lie = await meter.measureMp4(
    mp4({ ...GOOD, tables: { stsz: full('stsz', 0, 0, u32(100), u32(0xffffffff)) } }),
  );
  expect(lie).toEqual({ ok: false, problem: 'malformed' });
});

test('an upload’s own buffer is moved to the worker, a slice of a larger one is copied', async () => {
  meter = createMediaMeter({ timeoutMs: 5000, workers: 1, queue: 4 });
  const own = mp4(GOOD);
  expect((await meter.measureMp4(own)).ok).toBe(true);
  expect(own.length).toBe(0);
  const shared = Buffer.concat([Buffer.alloc(16), mp4(GOOD)]);
  const slice = shared.subarray(16);
  expect((await meter.measureMp4(slice)).ok).toBe(true);
  expect(slice.length).toBe(mp4(GOOD).length);
});

/** A worker that says it is ready and then never answers. */
const silent = () =>
  new Worker("require('node:worker_threads').parentPort.postMessage('ready'); setInterval(() => {}, 1000);", {
    eval: true,
  });

test('past its deadline a file is refused as beyond the limits; past the queue an upload is busy', async () => {
  meter = createMediaMeter({ timeoutMs: 200, workers: 1, queue: 1 }, silent);
  const first = meter.measureMp4(mp4(GOOD));
  const second = meter.measureMp4(mp4(GOOD));
  const third = meter.measureMp4(mp4(GOOD)).catch((err: unknown) => err);
  const busy = await third;
  expect(busy).toBeInstanceOf(AppError);
  expect((busy as AppError).code).toBe('MEDIA_BUSY');
  expect(await first).toEqual({ ok: false, problem: 'limits' });
  expect(await second).toEqual({ ok: false, problem: 'limits' });
});
