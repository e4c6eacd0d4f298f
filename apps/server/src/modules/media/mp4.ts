/**
 * A bounded reader of MP4 files (ISO/IEC 14496-12) for uploaded creatives: it reads only the headers
 * the server needs (ftyp; moov → mvhd, trak → tkhd, edts, mdia → mdhd, hdlr, minf → stbl; the extent of
 * each mdat) and trusts nothing a file declares. Every box must be at least its header long and end
 * inside its parent and the file; every sample table's entry count must fit the bytes of its own box;
 * the tables of a track must agree (as many samples in stts and stsc as in stsz), the samples' bytes
 * must fit the mdat boxes and the chunk offsets must point into them. Boxes and nesting are capped. The
 * work is linear in the file's size with a small constant, and nothing is allocated in proportion to a
 * declared count: a file cannot make the reader loop or allocate for more than its bytes.
 *
 * The reading also says what to store (`Mp4Plan`): ftyp, moov and mdat, with every box the reader did not
 * validate (top-level `free`/`skip`/`uuid`/`meta`, `udta`, `meta`, unknown children) turned into a
 * zero-filled `free` box of the same size so chunk offsets stay right, and nothing after the last box.
 * Fragmented files (moov/mvex, moof) are refused: their samples live in fragments this reader does not
 * measure.
 */

import { type Box, Mp4Reader, Refusal, type Track } from './mp4-reader';
import { readStbl } from './mp4-tables';

export interface Mp4Video {
  /** Seconds, from the movie header. */
  duration: number;
  width: number;
  height: number;
  /** kbps: the stored bytes × 8 / duration. */
  bitrate: number;
}

export type Mp4Problem = 'not_mp4' | 'truncated' | 'malformed' | 'fragmented' | 'no_video' | 'too_complex';

/** What to store: the boxes to blank (start, header length, end of each) and where the file ends. */
export interface Mp4Plan {
  blanks: number[];
  end: number;
}

export type Mp4Reading = { ok: true; video: Mp4Video; plan: Mp4Plan } | { ok: false; problem: Mp4Problem };

/** Boxes whose absence or damage makes the file useless, never dropped as trailing bytes. */
const ESSENTIAL = new Set(['ftyp', 'moov', 'mdat', 'moof']);
const MEDIA_HEADERS = new Set(['vmhd', 'smhd', 'hmhd', 'nmhd', 'sthd', 'gmhd']);

/** Reads and checks an MP4; never throws. */
export function readMp4(bytes: Uint8Array): Mp4Reading {
  const r = new Mp4Reader(bytes);
  try {
    const end = readTopLevel(r);
    const movie = r.movie;
    const video = r.video;
    if (!movie || !(movie.timescale > 0) || !(movie.duration > 0) || !video?.width || !video.height) {
      return { ok: false, problem: 'no_video' };
    }
    const duration = movie.duration / movie.timescale;
    return {
      ok: true,
      video: { duration, width: video.width, height: video.height, bitrate: (end * 8) / duration / 1000 },
      plan: { blanks: r.blanks, end },
    };
  } catch (err) {
    if (err instanceof Refusal) return { ok: false, problem: err.problem };
    throw err;
  }
}

/**
 * Rewrites `bytes` in place as the plan says (each blanked box becomes `free`, its payload zeros) and
 * returns the part to store: everything up to the end of the last box.
 */
export function cleanMp4<B extends ArrayBufferLike>(bytes: Uint8Array<B>, plan: Mp4Plan): Uint8Array<B> {
  const free = [0x66, 0x72, 0x65, 0x65];
  for (let i = 0; i < plan.blanks.length; i += 3) {
    const [start, header, end] = [plan.blanks[i], plan.blanks[i + 1], plan.blanks[i + 2]];
    bytes.set(free, start + 4);
    bytes.fill(0, start + header, end);
  }
  return bytes.subarray(0, plan.end);
}

/** The top-level boxes; returns where the kept file ends. */
function readTopLevel(r: Mp4Reader): number {
  let at = 0;
  let moov = false;
  const mdats: [start: number, end: number][] = [];
  const complete = () => moov && mdats.length > 0;
  while (at < r.length) {
    let b: Box;
    try {
      b = r.box(at, r.length, true);
    } catch (err) {
      // Bytes after a complete movie that do not form a box (an appended document) are dropped.
      const type = r.length - at >= 8 ? r.fourcc(at + 4) : '';
      if (err instanceof Refusal && err.problem !== 'too_complex' && complete() && !ESSENTIAL.has(type))
        break;
      throw err;
    }
    if (at === 0 && b.type !== 'ftyp') throw new Refusal('not_mp4');
    switch (b.type) {
      case 'ftyp':
        if (at !== 0 || b.end - b.body < 8) throw new Refusal('malformed');
        break;
      case 'moov':
        if (moov) throw new Refusal('malformed');
        moov = true;
        readMoov(r, b);
        break;
      case 'mdat':
        mdats.push([b.body, b.end]);
        break;
      case 'moof':
        throw new Refusal('fragmented');
      default:
        r.blank(b);
    }
    at = b.end;
  }
  if (!complete()) throw new Refusal(moov ? 'no_video' : 'truncated');
  const payload = mdats.reduce((sum, [start, end]) => sum + end - start, 0);
  if (r.sampleBytes > payload) throw new Refusal('malformed');
  const inMdat = (offset: number) => mdats.some(([start, end]) => offset >= start && offset < end);
  if (r.chunkMax >= 0 && !(inMdat(r.chunkMin) && inMdat(r.chunkMax))) throw new Refusal('malformed');
  return at;
}

function readMoov(r: Mp4Reader, moov: Box) {
  const boxes = [...r.children(moov, 1)];
  // A fragmented file's moov describes no samples (they are in moof boxes): say so before anything else.
  if (boxes.some((b) => b.type === 'mvex')) throw new Refusal('fragmented');
  for (const b of boxes) {
    if (b.type === 'mvhd') {
      if (r.movie) throw new Refusal('malformed');
      const v = r.fullBox(b, [100, 112]);
      const timescale = r.u32(b.body + (v ? 20 : 12));
      const duration = v ? r.u64(b.body + 24) : r.u32(b.body + 16);
      const unknown = v ? duration >= 2 ** 53 : duration === 0xffffffff;
      r.movie = { timescale, duration: unknown ? 0 : duration };
    } else if (b.type === 'trak') readTrak(r, b);
    else r.blank(b);
  }
  if (!r.movie) throw new Refusal('malformed');
}

function readTrak(r: Mp4Reader, trak: Box) {
  let size: { width: number; height: number } | null = null;
  let media: Track | null = null;
  for (const b of r.children(trak, 2)) {
    if (b.type === 'tkhd') {
      if (size) throw new Refusal('malformed');
      const v = r.fullBox(b, [84, 96]);
      const at = b.body + (v ? 88 : 76);
      size = { width: r.u32(at) >>> 16, height: r.u32(at + 4) >>> 16 };
    } else if (b.type === 'mdia') {
      if (media) throw new Refusal('malformed');
      media = readMdia(r, b);
    } else if (b.type === 'edts') {
      for (const e of r.children(b, 3)) {
        if (e.type === 'elst') r.entries(e, 8, r.fullBox(e, [8, 8]) ? 20 : 12);
        else r.blank(e);
      }
    } else r.blank(b);
  }
  if (!size || !media) throw new Refusal('malformed');
  if (media.video && !r.video) {
    r.video = { video: true, width: media.width || size.width, height: media.height || size.height };
  }
}

function readMdia(r: Mp4Reader, mdia: Box): Track {
  let mdhd = false;
  let handler = '';
  let minf: Box | null = null;
  for (const b of r.children(mdia, 3)) {
    if (b.type === 'mdhd') {
      if (mdhd) throw new Refusal('malformed');
      const v = r.fullBox(b, [24, 36]);
      if (r.u32(b.body + (v ? 20 : 12)) === 0) throw new Refusal('malformed');
      mdhd = true;
    } else if (b.type === 'hdlr') {
      if (handler) throw new Refusal('malformed');
      r.fullBox(b, [12, 12]);
      handler = r.fourcc(b.body + 8);
    } else if (b.type === 'minf') {
      if (minf) throw new Refusal('malformed');
      minf = b;
    } else r.blank(b);
  }
  if (!mdhd || !handler || !minf) throw new Refusal('malformed');
  return readMinf(r, minf, handler === 'vide');
}

function readMinf(r: Mp4Reader, minf: Box, video: boolean): Track {
  let track: Track | null = null;
  for (const b of r.children(minf, 4)) {
    if (b.type === 'stbl') {
      if (track) throw new Refusal('malformed');
      track = readStbl(r, b, video);
    } else if (!MEDIA_HEADERS.has(b.type) && b.type !== 'dinf') r.blank(b);
  }
  if (!track) throw new Refusal('malformed');
  return track;
}
