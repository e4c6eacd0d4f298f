/**
 * A minimal, well-formed MP4 (ftyp, moov with one H.264 video track, mdat) of a given size, duration
 * and payload: test fixtures for the creative upload, built here because CI machines have no encoder.
 * The boxes follow ISO/IEC 14496-12; the payload is filler (the server reads the container, not frames).
 */

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n & 0xffff);
  return b;
};
const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(body.length + 8), Buffer.from(type, 'latin1'), body]);
};
const full = (type: string, version: number, flags: number, ...parts: Buffer[]) =>
  box(type, u32((version << 24) | flags), ...parts);
const MATRIX = Buffer.concat([0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].map(u32));

export function mp4(options: {
  width: number;
  height: number;
  seconds: number;
  payloadBytes: number;
}): Buffer {
  const timescale = 1000;
  const duration = Math.round(options.seconds * timescale);
  const mvhd = full(
    'mvhd',
    0,
    0,
    u32(0),
    u32(0),
    u32(timescale),
    u32(duration),
    u32(0x00010000),
    u16(0x0100),
    Buffer.alloc(10),
    MATRIX,
    Buffer.alloc(24),
    u32(2),
  );
  const tkhd = full(
    'tkhd',
    0,
    3,
    u32(0),
    u32(0),
    u32(1),
    u32(0),
    u32(duration),
    Buffer.alloc(8),
    u16(0),
    u16(0),
    u16(0),
    u16(0),
    MATRIX,
    u32(options.width << 16),
    u32(options.height << 16),
  );
  const mdhd = full('mdhd', 0, 0, u32(0), u32(0), u32(timescale), u32(duration), u16(0x55c4), u16(0));
  const hdlr = full(
    'hdlr',
    0,
    0,
    u32(0),
    Buffer.from('vide', 'latin1'),
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
    const stbl = box(
      'stbl',
      full('stsd', 0, 0, u32(1), avc1),
      full('stts', 0, 0, u32(1), u32(1), u32(duration)),
      full('stsc', 0, 0, u32(1), u32(1), u32(1), u32(1)),
      full('stsz', 0, 0, u32(0), u32(1), u32(options.payloadBytes)),
      full('stco', 0, 0, u32(1), u32(chunkOffset)),
    );
    const moov = box('moov', mvhd, box('trak', tkhd, box('mdia', mdhd, hdlr, box('minf', vmhd, dinf, stbl))));
    const ftyp = box(
      'ftyp',
      Buffer.from('isom', 'latin1'),
      u32(512),
      Buffer.from('isomiso2avc1mp41', 'latin1'),
    );
    return Buffer.concat([ftyp, moov]);
  };
  const head = build(0);
  const withOffset = build(head.length + 8);
  return Buffer.concat([
    withOffset,
    u32(options.payloadBytes + 8),
    Buffer.from('mdat', 'latin1'),
    Buffer.alloc(options.payloadBytes, 7),
  ]);
}
