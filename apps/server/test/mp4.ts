/**
 * A minimal, well-formed MP4 (ftyp, moov with one H.264 video track, mdat) of a given size, duration
 * and payload: test fixtures for the creative upload, built here because CI machines have no encoder.
 * The boxes follow ISO/IEC 14496-12; the payload is filler (the server reads the container, not frames).
 * The options change one thing at a time (a replaced sample table, version-1 headers, 64-bit sizes, extra
 * boxes), so the media tests can build each kind of hostile file from a good one.
 */

export const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
export const u64 = (n: bigint | number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
};
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n & 0xffff);
  return b;
};
export const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(body.length + 8), Buffer.from(type, 'latin1'), body]);
};
/** A box with a 64-bit size (size field 1, then the real size). */
export const box64 = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(1), Buffer.from(type, 'latin1'), u64(body.length + 16), body]);
};
export const full = (type: string, version: number, flags: number, ...parts: Buffer[]) =>
  box(type, u32((version << 24) | flags), ...parts);
const MATRIX = Buffer.concat([0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].map(u32));

type Table = 'stsd' | 'stts' | 'ctts' | 'stss' | 'stsc' | 'stsz' | 'stz2' | 'stco' | 'co64';

export interface Mp4Options {
  width: number;
  height: number;
  seconds: number;
  payloadBytes: number;
  /** mvhd, tkhd and mdhd in version 1 (64-bit times). */
  version1?: boolean;
  /** Chunk offsets in co64 instead of stco. */
  co64?: boolean;
  /** The mdat with a 64-bit size. */
  mdat64?: boolean;
  /** Sample tables replaced (or added, or left out with null) by type. */
  tables?: Partial<Record<Table, Buffer | null>>;
  /** moov after mdat (a file not prepared for streaming). */
  moovLast?: boolean;
  /** The track's handler (default `vide`). */
  handler?: string;
  /** Extra boxes at the end of minf, trak, moov, and at the top level before mdat. */
  minf?: Buffer[];
  trak?: Buffer[];
  moov?: Buffer[];
  top?: Buffer[];
}

export function mp4(options: Mp4Options): Buffer {
  const timescale = 1000;
  const duration = Math.round(options.seconds * timescale);
  const v1 = options.version1 === true;
  const times = (n: number) =>
    v1 ? [u64(0), u64(0), u32(timescale), u64(n)] : [u32(0), u32(0), u32(timescale), u32(n)];
  const mvhd = full(
    'mvhd',
    v1 ? 1 : 0,
    0,
    ...times(duration),
    u32(0x00010000),
    u16(0x0100),
    Buffer.alloc(10),
    MATRIX,
    Buffer.alloc(24),
    u32(2),
  );
  const tkhd = full(
    'tkhd',
    v1 ? 1 : 0,
    3,
    ...(v1
      ? [u64(0), u64(0), u32(1), u32(0), u64(duration)]
      : [u32(0), u32(0), u32(1), u32(0), u32(duration)]),
    Buffer.alloc(8),
    u16(0),
    u16(0),
    u16(0),
    u16(0),
    MATRIX,
    u32(options.width << 16),
    u32(options.height << 16),
  );
  const mdhd = full('mdhd', v1 ? 1 : 0, 0, ...times(duration), u16(0x55c4), u16(0));
  const hdlr = full(
    'hdlr',
    0,
    0,
    u32(0),
    Buffer.from(options.handler ?? 'vide', 'latin1'),
    Buffer.alloc(12),
    Buffer.from('VideoHandler\0', 'latin1'),
  );
  const vmhd = full('vmhd', 0, 1, u16(0), Buffer.alloc(6));
  const dinf = box('dinf', full('dref', 0, 0, u32(1), full('url ', 0, 1)));
  const avcC = box('avcC', Buffer.from([1, 66, 0, 30, 0xff, 0xe0, 0]));
  const avc1 = box(
    'avc1',
    Buffer.alloc(6),
    u16(1),
    u16(0),
    u16(0),
    Buffer.alloc(12),
    u16(options.width),
    u16(options.height),
    u32(0x00480000),
    u32(0x00480000),
    u32(0),
    u16(1),
    Buffer.alloc(32),
    u16(0x0018),
    u16(0xffff),
    avcC,
  );
  const build = (chunkOffset: number) => {
    const tables: Partial<Record<Table, Buffer | null>> = {
      stsd: full('stsd', 0, 0, u32(1), avc1),
      stts: full('stts', 0, 0, u32(1), u32(1), u32(duration)),
      stsc: full('stsc', 0, 0, u32(1), u32(1), u32(1), u32(1)),
      stsz: full('stsz', 0, 0, u32(0), u32(1), u32(options.payloadBytes)),
      ...(options.co64
        ? { co64: full('co64', 0, 0, u32(1), u64(chunkOffset)) }
        : { stco: full('stco', 0, 0, u32(1), u32(chunkOffset)) }),
      ...options.tables,
    };
    const stbl = box('stbl', ...Object.values(tables).filter((t): t is Buffer => t instanceof Buffer));
    const minf = box('minf', vmhd, dinf, stbl, ...(options.minf ?? []));
    const moov = box(
      'moov',
      mvhd,
      box('trak', tkhd, box('mdia', mdhd, hdlr, minf), ...(options.trak ?? [])),
      ...(options.moov ?? []),
    );
    const ftyp = box(
      'ftyp',
      Buffer.from('isom', 'latin1'),
      u32(512),
      Buffer.from('isomiso2avc1mp41', 'latin1'),
    );
    return { ftyp, moov, top: Buffer.concat(options.top ?? []) };
  };
  const header = options.mdat64 ? 16 : 8;
  const payload = Buffer.alloc(options.payloadBytes, 7);
  const mdat = options.mdat64 ? box64('mdat', payload) : box('mdat', payload);
  const draft = build(0);
  if (options.moovLast) {
    const { ftyp, moov, top } = build(draft.ftyp.length + draft.top.length + header);
    return Buffer.concat([ftyp, top, mdat, moov]);
  }
  const { ftyp, moov, top } = build(draft.ftyp.length + draft.moov.length + draft.top.length + header);
  return Buffer.concat([ftyp, moov, top, mdat]);
}

/** Where the box of `type` starts (its size field): the first match of its name, less 4. */
export const boxAt = (file: Buffer, type: string) => file.indexOf(Buffer.from(type, 'latin1')) - 4;
