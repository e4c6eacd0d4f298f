import { type Box, type Mp4Reader, Refusal, type Track } from './mp4-reader';

const SAMPLE_TABLES = new Set(['stsd', 'stts', 'ctts', 'stss', 'stsc', 'stsz', 'stz2', 'stco', 'co64']);

/**
 * The sample tables of one track, each checked against its own box's bytes and then against each other:
 * as many samples in stts and stsc as stsz declares, their bytes within the file, every stsc run inside
 * the chunks stco/co64 list.
 */
export function readStbl(r: Mp4Reader, stbl: Box, video: boolean): Track {
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
