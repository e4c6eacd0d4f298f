import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adGroups, campaigns, uploadedFiles } from '../src/db/schema';
import { call, createTestApp, type TestApp } from './harness';
import { box, boxAt, full, mp4, u32, u64 } from './mp4';
import { buildWorld, type World } from './world';

/**
 * Issue 17, finding 1: hostile MP4s cost their sender a 400 in well under a second and nobody else
 * anything (a concurrent `/healthz` answers within 100 ms); a video is measured once at upload, in a
 * worker with time and memory limits, and stored as the reader validated it (finding 7: no MP4+HTML
 * polyglot is kept).
 */

let t: TestApp;
let w: World;
let adgroupId: number;

const GOOD = { width: 1280, height: 720, seconds: 10, payloadBytes: 100_000 };
const MAX = 0xffffffff;
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

interface Uploader {
  app?: TestApp['app'];
  world?: World;
  language?: string;
  /** Called when the server starts reading the body (the caller is signed in and may upload). */
  onBody?: () => void;
}

async function uploadVideo(
  bytes: Buffer,
  { app = t.app, world = w, language = 'en-US', onBody = () => {} }: Uploader = {},
) {
  const boundary = '----scalermedia';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  let sent = false;
  const payload = new Readable({
    read() {
      if (sent) return;
      sent = true;
      onBody();
      this.push(body);
      this.push(null);
    },
  });
  const res = await app.inject({
    method: 'POST',
    url: '/scaler/v3/creative/material?role=video',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      token: world.tokens.admin,
      'org-id': String(world.agency),
      'adv-id': String(world.adv1),
      language,
    },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

/**
 * Uploads `bytes` and, from the moment the server reads the file until it answers (while the file is
 * being measured and refused), polls `/healthz`; returns the upload's answer, how long it took and the
 * slowest health check.
 */
async function uploadBesideHealth(bytes: Buffer, who: Uploader = {}) {
  const app = who.app ?? t.app;
  let done = false;
  const started = performance.now();
  let reading = () => {};
  const bodyRead = new Promise<void>((resolve) => {
    reading = resolve;
  });
  const upload = uploadVideo(bytes, { ...who, onBody: reading }).finally(() => {
    done = true;
  });
  await Promise.race([bodyRead, upload]);
  const health: number[] = [];
  do {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    health.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 2));
  } while (!done);
  const answer = await upload;
  return { ...answer, ms: performance.now() - started, slowestHealth: Math.max(...health) };
}

const saveVideoCreative = (file: string) =>
  call(t.app, {
    method: 'PUT',
    url: '/scaler/v3/creative',
    token: w.tokens.admin,
    headers: { 'org-id': String(w.agency), 'adv-id': String(w.adv1) },
    body: {
      adgroup_id: adgroupId,
      name: 'Video',
      creative_type: 'video',
      materials: [{ role: 'video', file }],
    },
  });

const storedBytes = (file: string) => readFileSync(path.join(t.dataDir, 'public', file));

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  const [c] = await t.db
    .insert(campaigns)
    .values({
      advId: w.adv1,
      name: 'C',
      campaignType: 'install',
      promoteGoal: 'web_traffic',
      os: 2,
      linkType: 2,
      landingUrl: 'https://shop.test',
    })
    .returning();
  const [g] = await t.db
    .insert(adGroups)
    .values({ advId: w.adv1, campaignId: c.id, name: 'G', biddingType: 1, billingType: 1, bidPrice: '1' })
    .returning();
  adgroupId = g.id;
  // The first upload starts the worker; the timings below are of a running one.
  expect((await uploadVideo(mp4(GOOD))).status).toBe(200);
});
afterAll(() => t.close());

const DAMAGED =
  'The MP4 file is damaged: its boxes or sample tables do not match its bytes. Export it again as a standard MP4.';
const INCOMPLETE = 'The MP4 file is incomplete (it ends inside one of its boxes): upload the whole file.';

const truncated = () => {
  const file = mp4(GOOD);
  return file.subarray(0, file.length - 1000);
};
const mdatLargerThanFile = () => {
  const file = mp4(GOOD);
  file.writeUInt32BE(file.length * 4, boxAt(file, 'mdat'));
  return file;
};

const HOSTILE: [string, () => Buffer, string][] = [
  [
    'stsz: 100 bytes × 4,294,967,295 samples (the 100 KB file that ended the process)',
    () => mp4({ ...GOOD, tables: { stsz: full('stsz', 0, 0, u32(100), u32(MAX)) } }),
    DAMAGED,
  ],
  [
    'stsz: 5,000,000 samples of 100 bytes',
    () => mp4({ ...GOOD, tables: { stsz: full('stsz', 0, 0, u32(100), u32(5_000_000)) } }),
    DAMAGED,
  ],
  [
    'stsz: a table of 4,294,967,295 sizes',
    () => mp4({ ...GOOD, tables: { stsz: full('stsz', 0, 0, u32(0), u32(MAX), u32(1)) } }),
    DAMAGED,
  ],
  [
    'stts: an entry of 4,294,967,295 samples',
    () => mp4({ ...GOOD, tables: { stts: full('stts', 0, 0, u32(1), u32(MAX), u32(1)) } }),
    DAMAGED,
  ],
  [
    'stts: 4,294,967,295 entries',
    () => mp4({ ...GOOD, tables: { stts: full('stts', 0, 0, u32(MAX), u32(1), u32(10_000)) } }),
    DAMAGED,
  ],
  [
    'stsc: a chunk of 4,294,967,295 samples',
    () => mp4({ ...GOOD, tables: { stsc: full('stsc', 0, 0, u32(1), u32(1), u32(MAX), u32(1)) } }),
    DAMAGED,
  ],
  [
    'stsc: 4,294,967,295 entries',
    () => mp4({ ...GOOD, tables: { stsc: full('stsc', 0, 0, u32(MAX), u32(1), u32(1), u32(1)) } }),
    DAMAGED,
  ],
  [
    'stco: 4,294,967,295 chunk offsets',
    () => mp4({ ...GOOD, tables: { stco: full('stco', 0, 0, u32(MAX), u32(100)) } }),
    DAMAGED,
  ],
  [
    'co64: 4,294,967,295 chunk offsets',
    () => mp4({ ...GOOD, co64: true, tables: { co64: full('co64', 0, 0, u32(MAX), u64(100)) } }),
    DAMAGED,
  ],
  [
    'a box of size 4 inside minf',
    () => mp4({ ...GOOD, minf: [Buffer.concat([u32(4), Buffer.from('junk')])] }),
    DAMAGED,
  ],
  [
    'a 64-bit box size of 2^62',
    () => mp4({ ...GOOD, moov: [Buffer.concat([u32(1), Buffer.from('udta'), u64(2n ** 62n)])] }),
    DAMAGED,
  ],
  [
    'a top-level 64-bit box size of 2^62',
    () => mp4({ ...GOOD, top: [Buffer.concat([u32(1), Buffer.from('free'), u64(2n ** 62n)])] }),
    INCOMPLETE,
  ],
  ['an mdat declaring more bytes than the file holds', mdatLargerThanFile, INCOMPLETE],
  [
    'nested boxes that lie about their size (a child larger than its trak)',
    () => mp4({ ...GOOD, trak: [Buffer.concat([u32(10_000_000), Buffer.from('edts'), box('elst')])] }),
    DAMAGED,
  ],
  ['a truncated file', truncated, INCOMPLETE],
];

describe('hostile MP4s', () => {
  test.each(HOSTILE)(
    '%s: 400 on file in well under a second; /healthz answers meanwhile',
    async (_, make, message) => {
      const res = await uploadBesideHealth(make());
      expect(res.status).toBe(400);
      expect(res.body.data.fields).toEqual([{ path: 'file', message }]);
      expect(res.ms).toBeLessThan(500);
      expect(res.slowestHealth).toBeLessThan(100);
    },
  );

  test('the refusals are translated', async () => {
    const zh = await uploadVideo(truncated(), { language: 'zh-CN' });
    expect(zh.body.data.fields[0].message).toBe('MP4 文件不完整（在某个数据盒中途结束），请上传完整文件。');
    const fragmented = await uploadVideo(mp4({ ...GOOD, moov: [box('mvex', full('mehd', 0, 0, u32(1)))] }));
    expect(fragmented.body.data.fields[0].message).toMatch(/^Fragmented MP4 files/);
  });

  test('a file over 60 MB is refused without a made-up size', async () => {
    const big = await uploadVideo(Buffer.alloc(61 * 1024 * 1024, 1));
    expect(big.status).toBe(400);
    expect(big.body.data.fields[0]).toEqual({
      path: 'file',
      message: 'This file is larger than 60 MB, the most a creative file may be.',
    });
  });

  test('nothing of a refused file is kept', async () => {
    const before = await t.db.select().from(uploadedFiles).where(eq(uploadedFiles.advId, w.adv1));
    await uploadVideo(truncated());
    const after = await t.db.select().from(uploadedFiles).where(eq(uploadedFiles.advId, w.adv1));
    expect(after.length).toBe(before.length);
  });
});

describe('measured once, stored as validated', () => {
  test('a good video is measured at upload; a creative uses the kept facts without reading the file', async () => {
    const up = await uploadBesideHealth(mp4({ ...GOOD, payloadBytes: 900_000 }));
    expect(up.status).toBe(200);
    expect(up.slowestHealth).toBeLessThan(100);
    const { file } = up.body.data;
    expect(up.body.data).toMatchObject({ mime: 'video/mp4', width: 1280, height: 720, duration: 10 });
    const [row] = await t.db.select().from(uploadedFiles).where(eq(uploadedFiles.name, file));
    expect(row).toMatchObject({ width: 1280, height: 720, duration: 10 });
    expect(row.bitrate).toBeCloseTo(up.body.data.bitrate, 0);

    // The file is gone from disk: the save can only have used the row.
    rmSync(path.join(t.dataDir, 'public', file));
    const saved = await saveVideoCreative(file);
    expect(saved.status).toBe(200);
    expect(saved.body.data.materials[0]).toMatchObject({ file, width: 1280, height: 720, duration: 10 });
  });

  test('a video encoded by ffmpeg (H.264 and AAC, moov after mdat) uploads and saves', async () => {
    const real = readFileSync(new URL('../src/modules/media/fixtures/ffmpeg-h264-aac.mp4', import.meta.url));
    const up = await uploadVideo(real);
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ width: 320, height: 180, duration: 6 });
    expect((await saveVideoCreative(up.body.data.file)).status).toBe(200);
  });

  test('a video uploaded before facts were kept is refused with a clear message', async () => {
    const up = await uploadVideo(mp4(GOOD));
    const { file } = up.body.data;
    await t.db
      .update(uploadedFiles)
      .set({ width: null, height: null, duration: null, bitrate: null })
      .where(eq(uploadedFiles.name, file));
    const saved = await saveVideoCreative(file);
    expect(saved.status).toBe(400);
    expect(saved.body.data.fields).toEqual([
      {
        path: 'materials.0.file',
        message:
          'This video was uploaded before videos were checked on upload: upload it again and use the new file.',
      },
    ]);
  });

  test('an HTML document appended to an MP4 is not stored', async () => {
    const clean = mp4(GOOD);
    const up = await uploadVideo(Buffer.concat([clean, HTML]));
    expect(up.status).toBe(200);
    const stored = storedBytes(up.body.data.file);
    expect(stored.equals(clean)).toBe(true);
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
    expect(up.body.data.size).toBe(clean.length);
  });

  test('HTML in a free box and in the movie’s metadata is zeroed, the movie kept byte for byte', async () => {
    const file = mp4({ ...GOOD, top: [box('free', HTML)], moov: [box('udta', box('meta', HTML))] });
    const up = await uploadVideo(file);
    expect(up.status).toBe(200);
    const stored = storedBytes(up.body.data.file);
    expect(stored.length).toBe(file.length);
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
    expect(stored.includes(Buffer.from('<!doctype'))).toBe(false);
    const mdat = boxAt(file, 'mdat');
    expect(stored.subarray(mdat).equals(file.subarray(mdat))).toBe(true);
  });

  test('materials are served as video/mp4 with nosniff', async () => {
    const up = await uploadVideo(mp4(GOOD));
    const res = await t.app.inject({ method: 'GET', url: `/static/${up.body.data.file}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('limits', () => {
  test('a file that takes longer than MEDIA_PARSE_TIMEOUT_MS is refused, and nobody waits for it', async () => {
    const slow = await createTestApp({ MEDIA_PARSE_TIMEOUT_MS: '1' });
    try {
      const world = await buildWorld(slow);
      // Two million samples: a valid file the reader needs tens of milliseconds for.
      const samples = 2_000_000;
      const big = mp4({
        ...GOOD,
        payloadBytes: samples,
        tables: {
          stts: full('stts', 0, 0, u32(1), u32(samples), u32(5)),
          stsc: full('stsc', 0, 0, u32(1), u32(1), u32(samples), u32(1)),
          stsz: full('stsz', 0, 0, u32(0), u32(samples), Buffer.alloc(samples * 4).fill(u32(1))),
        },
      });
      const res = await uploadBesideHealth(big, { app: slow.app, world });
      expect(res.status).toBe(400);
      expect(res.body.data.fields).toEqual([
        {
          path: 'file',
          message:
            'The video could not be checked within the time and memory allowed: upload a standard MP4 file.',
        },
      ]);
      expect(res.slowestHealth).toBeLessThan(100);
    } finally {
      await slow.close();
    }
  });
});
