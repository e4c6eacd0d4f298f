/**
 * The box reader under `mp4.ts`: headers checked against their parent and the file, counted, and full
 * boxes and tables checked against their own bytes. A lie anywhere ends the reading with a `Refusal`.
 */
import type { Mp4Problem } from './mp4';

/** Boxes read in one file (headers, at every level), and how deep they may nest. */
export const MP4_MAX_BOXES = 10_000;
export const MP4_MAX_DEPTH = 8;

export interface Box {
  type: string;
  start: number;
  /** Where the payload starts (8 bytes of header, 16 with a 64-bit size). */
  body: number;
  end: number;
}

export class Refusal extends Error {
  constructor(readonly problem: Mp4Problem) {
    super(problem);
  }
}

const TWO_32 = 2 ** 32;

export interface Track {
  video: boolean;
  width: number;
  height: number;
}

export class Mp4Reader {
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
