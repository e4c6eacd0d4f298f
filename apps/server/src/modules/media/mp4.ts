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

/** Boxes read in one file (headers, at every level), and how deep they may nest. */
export const MP4_MAX_BOXES = 10_000;
export const MP4_MAX_DEPTH = 8;

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

interface Box {
  type: string;
  start: number;
  /** Where the payload starts (8 bytes of header, 16 with a 64-bit size). */
  body: number;
  end: number;
}

class Refusal extends Error {
  constructor(readonly problem: Mp4Problem) {
    super(problem);
  }
}

const TWO_32 = 2 ** 32;
/** Boxes whose absence or damage makes the file useless, never dropped as trailing bytes. */
const ESSENTIAL = new Set(['ftyp', 'moov', 'mdat', 'moof']);
const MEDIA_HEADERS = new Set(['vmhd', 'smhd', 'hmhd', 'nmhd', 'sthd', 'gmhd']);
const SAMPLE_TABLES = new Set(['stsd', 'stts', 'ctts', 'stss', 'stsc', 'stsz', 'stz2', 'stco', 'co64']);

interface Track {
  video: boolean;
  width: number;
  height: number;
}

class Mp4Reader {
  private readonly view: DataView;
  private boxes = 0;
  readonly blanks: number[] = [];
  movie: { timescale: number; duration: number } | null = null;
  video: Track | null = null;
  sampleBytes = 0;
  chunkMin = Number.POSITIVE_INFINITY;
  chunkMax = -1;

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get length() {
    return this.bytes.length;
  }
  u8 = (at: number) => this.bytes[at];
  u16 = (at: number) => this.view.getUint16(at);
  u32 = (at: number) => this.view.getUint32(at);
  /** A 64-bit count as a double: exact below 2^53, and anything larger is refused by the caller's bounds. */
  u64 = (at: number) => this.view.getUint32(at) * TWO_32 + this.view.getUint32(at + 4);
  fourcc = (at: number) =>
    String.fromCharCode(this.bytes[at], this.bytes[at + 1], this.bytes[at + 2], this.bytes[at + 3]);

  /**
   * The box whose header starts at `at`, checked against `limit` (its parent's end, or the file's). Only
   * a top-level box may run to the end of the file (size 0). Refused: a size below its header's length, a
   * box that ends past `limit`, too many boxes.
   */
  box(at: number, limit: number, topLevel: boolean): Box {
    if (++this.boxes > MP4_MAX_BOXES) throw new Refusal('too_complex');
    if (limit - at < 8) throw new Refusal(topLevel ? 'truncated' : 'malformed');
    const type = this.fourcc(at + 4);
    let size = this.u32(at);
    let body = at + 8;
    if (size === 1) {
      if (limit - at < 16) throw new Refusal(topLevel ? 'truncated' : 'malformed');
      size = this.u64(at + 8);
      body = at + 16;
    } else if (size === 0) {
      if (!topLevel) throw new Refusal('malformed');
      size = limit - at;
    }
    if (size < body - at) throw new Refusal('malformed');
    if (size > limit - at) throw new Refusal(topLevel ? 'truncated' : 'malformed');
    return { type, start: at, body, end: at + size };
  }

  /** The child boxes of `parent` from `from` (its payload, or after a full box's fields) to its end. */
  *children(parent: Box, depth: number, from = parent.body): Generator<Box> {
    if (depth > MP4_MAX_DEPTH) throw new Refusal('too_complex');
    let at = from;
    while (at < parent.end) {
      const child = this.box(at, parent.end, false);
      yield child;
      at = child.end;
    }
  }

  blank(b: Box) {
    this.blanks.push(b.start, b.body - b.start, b.end);
  }

  /** A full box's version (0 or 1) after checking its payload holds `need[version]` bytes. */
  fullBox(b: Box, need: readonly [number, number]): 0 | 1 {
    if (b.end - b.body < 4) throw new Refusal('malformed');
    const version = this.u8(b.body);
    if (version > 1 || b.end - b.body < need[version]) throw new Refusal('malformed');
    return version as 0 | 1;
  }

  /** A table's entry count after checking that many entries of `entrySize` bytes fit after `fields`. */
  entries(b: Box, fields: number, entrySize: number): number {
    if (b.end - b.body < fields) throw new Refusal('malformed');
    const n = this.u32(b.body + fields - 4);
    if (n > (b.end - b.body - fields) / entrySize) throw new Refusal('malformed');
    return n;
  }
}

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

/**
 * The sample tables of one track, each checked against its own box's bytes and then against each other:
 * as many samples in stts and stsc as stsz declares, their bytes within the file, every stsc run inside
 * the chunks stco/co64 list.
 */
function readStbl(r: Mp4Reader, stbl: Box, video: boolean): Track {
  const tables = new Map<string, Box>();
  for (const b of r.children(stbl, 5)) {
    if (!SAMPLE_TABLES.has(b.type)) r.blank(b);
    else if (tables.has(b.type)) throw new Refusal('malformed');
    else tables.set(b.type, b);
  }
  const stsd = tables.get('stsd');
  const stts = tables.get('stts');
  const stsc = tables.get('stsc');
  const sizes = tables.get('stsz') ?? tables.get('stz2');
  const offsets = tables.get('stco') ?? tables.get('co64');
  if (!stsd || !stts || !stsc || !sizes || !offsets) throw new Refusal('malformed');
  if ((tables.has('stsz') && tables.has('stz2')) || (tables.has('stco') && tables.has('co64')))
    throw new Refusal('malformed');

  const track = readStsd(r, stsd, video);
  const samples = readSampleSizes(r, sizes);
  const chunks = readChunkOffsets(r, offsets);

  const timeEntries = r.entries(stts, 8, 8);
  let timed = 0;
  for (let i = 0, at = stts.body + 8; i < timeEntries && timed <= samples; i++, at += 8) timed += r.u32(at);
  if (timed !== samples) throw new Refusal('malformed');

  const ctts = tables.get('ctts');
  if (ctts) {
    const n = r.entries(ctts, 8, 8);
    let counted = 0;
    for (let i = 0, at = ctts.body + 8; i < n && counted <= samples; i++, at += 8) counted += r.u32(at);
    if (counted > samples) throw new Refusal('malformed');
  }
  const stss = tables.get('stss');
  if (stss) {
    const n = r.entries(stss, 8, 4);
    for (let i = 0, at = stss.body + 8; i < n; i++, at += 4) {
      const sample = r.u32(at);
      if (sample < 1 || sample > samples) throw new Refusal('malformed');
    }
  }
  readSampleToChunk(r, stsc, { samples, chunks, descriptions: track.descriptions });
  if (video && samples === 0) throw new Refusal('no_video');
  return track;
}

/** The sample descriptions; a video track's first one gives the picture's size. */
function readStsd(r: Mp4Reader, stsd: Box, video: boolean): Track & { descriptions: number } {
  const n = r.entries(stsd, 8, 8);
  if (n < 1) throw new Refusal('malformed');
  let width = 0;
  let height = 0;
  const entries = r.children(stsd, 6, stsd.body + 8);
  for (let i = 0; i < n; i++) {
    const next = entries.next();
    if (next.done) throw new Refusal('malformed');
    const entry = next.value;
    if (i === 0 && video) {
      // VisualSampleEntry: 6 reserved, data reference index, 16 reserved, then width and height.
      if (entry.end - entry.body < 28) throw new Refusal('malformed');
      width = r.u16(entry.body + 24);
      height = r.u16(entry.body + 26);
    }
  }
  return { video, width, height, descriptions: n };
}

/** The number of samples (stsz or stz2) after adding their bytes to the file's total. */
function readSampleSizes(r: Mp4Reader, b: Box): number {
  let bytes = 0;
  let count: number;
  if (b.type === 'stsz') {
    if (b.end - b.body < 12) throw new Refusal('malformed');
    const constant = r.u32(b.body + 4);
    if (constant === 0) {
      count = r.entries(b, 12, 4);
      for (let i = 0, at = b.body + 12; i < count && bytes <= r.length; i++, at += 4) bytes += r.u32(at);
    } else {
      count = r.u32(b.body + 8);
      bytes = constant * count;
    }
  } else {
    if (b.end - b.body < 12) throw new Refusal('malformed');
    const field = r.u8(b.body + 7);
    if (field !== 4 && field !== 8 && field !== 16) throw new Refusal('malformed');
    count = r.u32(b.body + 8);
    if (Math.ceil((count * field) / 8) > b.end - b.body - 12) throw new Refusal('malformed');
    const at = b.body + 12;
    for (let i = 0; i < count && bytes <= r.length; i++) {
      if (field === 16) bytes += r.u16(at + 2 * i);
      else if (field === 8) bytes += r.u8(at + i);
      else bytes += i % 2 === 0 ? r.u8(at + (i >> 1)) >> 4 : r.u8(at + (i >> 1)) & 0x0f;
    }
  }
  r.sampleBytes += bytes;
  return count;
}

/** The number of chunks (stco or co64), noting the lowest and highest offset. */
function readChunkOffsets(r: Mp4Reader, b: Box): number {
  const wide = b.type === 'co64';
  const n = r.entries(b, 8, wide ? 8 : 4);
  for (let i = 0, at = b.body + 8; i < n; i++, at += wide ? 8 : 4) {
    const offset = wide ? r.u64(at) : r.u32(at);
    if (offset < r.chunkMin) r.chunkMin = offset;
    if (offset > r.chunkMax) r.chunkMax = offset;
  }
  return n;
}

/** stsc: runs of chunks from 1 upwards, inside the chunk list, adding up to the track's samples. */
function readSampleToChunk(
  r: Mp4Reader,
  b: Box,
  track: { samples: number; chunks: number; descriptions: number },
) {
  const n = r.entries(b, 8, 12);
  if (n === 0) {
    if (track.samples !== 0 || track.chunks !== 0) throw new Refusal('malformed');
    return;
  }
  let total = 0;
  for (let i = 0, at = b.body + 8; i < n; i++, at += 12) {
    const first = r.u32(at);
    const perChunk = r.u32(at + 4);
    const description = r.u32(at + 8);
    const next = i + 1 < n ? r.u32(at + 12) : track.chunks + 1;
    if (i === 0 && first !== 1) throw new Refusal('malformed');
    if (next <= first || next > track.chunks + 1 || perChunk < 1) throw new Refusal('malformed');
    if (description < 1 || description > track.descriptions) throw new Refusal('malformed');
    total += (next - first) * perChunk;
    if (total > track.samples) throw new Refusal('malformed');
  }
  if (total !== track.samples) throw new Refusal('malformed');
}
