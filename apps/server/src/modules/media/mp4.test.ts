import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { box, box64, boxAt, full, mp4, u32, u64 } from '../../../test/mp4';
import { cleanMp4, type Mp4Problem, readMp4 } from './mp4';
import { MP4_MAX_BOXES } from './mp4-reader';

const GOOD = { width: 1280, height: 720, seconds: 10, payloadBytes: 50_000 };
const MAX = 0xffffffff;

const problem = (file: Buffer): Mp4Problem | null => {
  const r = readMp4(file);
  return r.ok ? null : r.problem;
};

/** Reads, cleans (on a copy) and returns what would be stored. */
const stored = (file: Buffer) => {
  const r = readMp4(file);
  if (!r.ok) throw new Error(r.problem);
  return Buffer.from(cleanMp4(Buffer.from(file), r.plan));
};

const HTML = Buffer.from('<!doctype html><html><script>alert(document.domain)</script></html>', 'latin1');

describe('measures what the headers say', () => {
  test('a plain MP4: duration, size and bitrate; nothing to blank', () => {
    const file = mp4(GOOD);
    const r = readMp4(file);
    expect(r).toEqual({
      ok: true,
      video: { duration: 10, width: 1280, height: 720, bitrate: (file.length * 8) / 10 / 1000 },
      plan: { blanks: [], end: file.length },
    });
  });

  test('version-1 headers, co64 and a 64-bit mdat size', () => {
    const r = readMp4(mp4({ ...GOOD, version1: true, co64: true, mdat64: true }));
    expect(r.ok && r.video).toMatchObject({ duration: 10, width: 1280, height: 720 });
  });

  test('moov after mdat', () => {
    const r = readMp4(mp4({ ...GOOD, seconds: 6, moovLast: true }));
    expect(r.ok && r.video).toMatchObject({ duration: 6, width: 1280, height: 720 });
  });

  test('the size comes from tkhd when the sample entry has none', () => {
    const file = mp4({ ...GOOD, width: 0, height: 0 });
    // tkhd's width and height (16.16) are the last 8 bytes of the box.
    const tkhd = boxAt(file, 'tkhd');
    const end = tkhd + file.readUInt32BE(tkhd);
    file.writeUInt32BE(720 << 16, end - 8);
    file.writeUInt32BE(1280 << 16, end - 4);
    const r = readMp4(file);
    expect(r.ok && r.video).toMatchObject({ width: 720, height: 1280 });
  });

  test('a file from a real encoder (ffmpeg: H.264 and AAC tracks, moov last) reads as ffprobe does', () => {
    const file = readFileSync(new URL('./fixtures/ffmpeg-h264-aac.mp4', import.meta.url));
    const r = readMp4(file);
    expect(r.ok && r.video).toMatchObject({ duration: 6, width: 320, height: 180 });
    // Only its metadata (udta with the encoder's name) is blanked; the movie stays byte for byte.
    const out = stored(file);
    expect(out.length).toBe(file.length);
    expect(out.includes(Buffer.from('Lavf', 'latin1'))).toBe(false);
    const mdat = boxAt(file, 'mdat');
    const mdatEnd = mdat + file.readUInt32BE(mdat);
    expect(mdatEnd).toBe(boxAt(file, 'moov'));
    expect(out.subarray(0, mdatEnd).equals(file.subarray(0, mdatEnd))).toBe(true);
  });

  test('not an MP4, no video track, no duration', () => {
    expect(problem(Buffer.concat([box('moov'), mp4(GOOD)]))).toBe('not_mp4');
    expect(problem(mp4({ ...GOOD, handler: 'soun' }))).toBe('no_video');
    const file = mp4(GOOD);
    file.writeUInt32BE(0, boxAt(file, 'mvhd') + 24);
    expect(problem(file)).toBe('no_video');
  });
});

describe('refuses each lie alone', () => {
  const lies: [string, Buffer, Mp4Problem][] = [
    [
      'stsz: 100 bytes × 4,294,967,295 samples',
      mp4({ ...GOOD, tables: { stsz: full('stsz', 0, 0, u32(100), u32(MAX)) } }),
      'malformed',
    ],
    [
      'stsz: a table of 4,294,967,295 sizes in 4 bytes',
      mp4({ ...GOOD, tables: { stsz: full('stsz', 0, 0, u32(0), u32(MAX), u32(1)) } }),
      'malformed',
    ],
    [
      'stz2: more 16-bit sizes than its bytes',
      mp4({ ...GOOD, tables: { stsz: null, stz2: full('stz2', 0, 0, u32(16), u32(1000), u32(1)) } }),
      'malformed',
    ],
    [
      'stts: 4,294,967,295 entries',
      mp4({ ...GOOD, tables: { stts: full('stts', 0, 0, u32(MAX), u32(1), u32(10_000)) } }),
      'malformed',
    ],
    [
      'stts: one entry of 4,294,967,295 samples',
      mp4({ ...GOOD, tables: { stts: full('stts', 0, 0, u32(1), u32(MAX), u32(1)) } }),
      'malformed',
    ],
    [
      'stsc: 4,294,967,295 entries',
      mp4({ ...GOOD, tables: { stsc: full('stsc', 0, 0, u32(MAX), u32(1), u32(1), u32(1)) } }),
      'malformed',
    ],
    [
      'stsc: a chunk of 4,294,967,295 samples',
      mp4({ ...GOOD, tables: { stsc: full('stsc', 0, 0, u32(1), u32(1), u32(MAX), u32(1)) } }),
      'malformed',
    ],
    [
      'stsc: a run past the last chunk',
      mp4({
        ...GOOD,
        tables: { stsc: full('stsc', 0, 0, u32(2), u32(1), u32(1), u32(1), u32(5), u32(1), u32(1)) },
      }),
      'malformed',
    ],
    [
      'stco: 4,294,967,295 offsets',
      mp4({ ...GOOD, tables: { stco: full('stco', 0, 0, u32(MAX), u32(100)) } }),
      'malformed',
    ],
    [
      'co64: 4,294,967,295 offsets',
      mp4({ ...GOOD, co64: true, tables: { co64: full('co64', 0, 0, u32(MAX), u64(100)) } }),
      'malformed',
    ],
    [
      'stco: a chunk outside mdat',
      mp4({ ...GOOD, tables: { stco: full('stco', 0, 0, u32(1), u32(10)) } }),
      'malformed',
    ],
    [
      'ctts: 4,294,967,295 entries',
      mp4({ ...GOOD, tables: { ctts: full('ctts', 0, 0, u32(MAX), u32(1), u32(0)) } }),
      'malformed',
    ],
    [
      'stss: 4,294,967,295 sync samples',
      mp4({ ...GOOD, tables: { stss: full('stss', 0, 0, u32(MAX), u32(1)) } }),
      'malformed',
    ],
    [
      'stss: a sync sample that does not exist',
      mp4({ ...GOOD, tables: { stss: full('stss', 0, 0, u32(1), u32(2)) } }),
      'malformed',
    ],
    [
      'a 4-byte box inside minf',
      mp4({ ...GOOD, minf: [Buffer.concat([u32(4), Buffer.from('junk', 'latin1')])] }),
      'malformed',
    ],
    [
      'a box in moov with a 64-bit size of 2^62',
      mp4({ ...GOOD, moov: [Buffer.concat([u32(1), Buffer.from('udta', 'latin1'), u64(2n ** 62n)])] }),
      'malformed',
    ],
    [
      'a top-level box with a 64-bit size of 2^62',
      mp4({ ...GOOD, top: [Buffer.concat([u32(1), Buffer.from('free', 'latin1'), u64(2n ** 62n)])] }),
      'truncated',
    ],
    [
      'a 64-bit size below its header',
      mp4({ ...GOOD, top: [Buffer.concat([u32(1), Buffer.from('free', 'latin1'), u64(8)])] }),
      'malformed',
    ],
    [
      'a child larger than its parent',
      mp4({ ...GOOD, trak: [Buffer.concat([u32(1_000_000), Buffer.from('udta', 'latin1')])] }),
      'malformed',
    ],
    ['a second moov', mp4({ ...GOOD, top: [box('moov')] }), 'malformed'],
    [
      'mvex: fragmented',
      mp4({ ...GOOD, moov: [box('mvex', full('mehd', 0, 0, u32(10_000)))] }),
      'fragmented',
    ],
    ['moof: fragmented', mp4({ ...GOOD, top: [box('moof', full('mfhd', 0, 0, u32(1)))] }), 'fragmented'],
  ];
  test.each(lies)('%s', (_, file, expected) => {
    expect(problem(file)).toBe(expected);
  });

  test('too many boxes where the reader walks', () => {
    const many = Array.from({ length: MP4_MAX_BOXES }, () => box('free'));
    expect(problem(mp4({ ...GOOD, top: many }))).toBe('too_complex');
  });

  test('an mdat larger than the file, and truncated files', () => {
    const file = mp4(GOOD);
    const big = Buffer.from(file);
    big.writeUInt32BE(file.length * 2, boxAt(file, 'mdat'));
    expect(problem(big)).toBe('truncated');
    expect(problem(file.subarray(0, file.length - 1))).toBe('truncated');
    expect(problem(file.subarray(0, boxAt(file, 'mdat') + 4))).toBe('truncated');
    expect(problem(file.subarray(0, boxAt(file, 'stbl')))).toBe('truncated');
    expect(problem(mp4({ ...GOOD, moovLast: true }).subarray(0, -10))).toBe('truncated');
  });
});

describe('keeps only what it validated', () => {
  test('an HTML document appended after the last box is dropped', () => {
    const file = mp4(GOOD);
    const out = stored(Buffer.concat([file, HTML]));
    expect(out.equals(file)).toBe(true);
    expect(out.includes(HTML)).toBe(false);
  });

  test('HTML in free, skip, uuid and udta boxes is zeroed; sizes and chunk offsets stay right', () => {
    const uuid = box('uuid', Buffer.alloc(16, 1), HTML);
    const file = mp4({
      ...GOOD,
      top: [box('free', HTML), box('skip', HTML), uuid, box64('meta', HTML)],
      moov: [box('udta', HTML)],
      trak: [box('meta', HTML)],
    });
    const out = stored(file);
    expect(out.length).toBe(file.length);
    expect(out.includes(Buffer.from('<!doctype', 'latin1'))).toBe(false);
    expect(out.includes(Buffer.from('udta', 'latin1'))).toBe(false);
    // The stored file reads the same, and its only boxes besides the movie are free.
    const [before, after] = [readMp4(file), readMp4(out)];
    expect(after.ok && after.video).toEqual(before.ok && before.video);
    const top: string[] = [];
    for (let at = 0; at < out.length; ) {
      const size = out.readUInt32BE(at);
      top.push(out.toString('latin1', at + 4, at + 8));
      at += size === 1 ? Number(out.readBigUInt64BE(at + 8)) : size;
    }
    expect(top).toEqual(['ftyp', 'moov', 'free', 'free', 'free', 'free', 'mdat']);
  });
});

describe('bounded cost', () => {
  test('a file of a million samples reads in linear time', () => {
    const samples = 1_000_000;
    const sizes = Buffer.alloc(samples * 4).fill(u32(1));
    const file = mp4({
      ...GOOD,
      payloadBytes: samples,
      tables: {
        stts: full('stts', 0, 0, u32(1), u32(samples), u32(1)),
        stsc: full('stsc', 0, 0, u32(1), u32(1), u32(samples), u32(1)),
        stsz: full('stsz', 0, 0, u32(0), u32(samples), sizes),
      },
    });
    const started = performance.now();
    const r = readMp4(file);
    const ms = performance.now() - started;
    expect(r.ok).toBe(true);
    expect(ms).toBeLessThan(250);
  });
});
