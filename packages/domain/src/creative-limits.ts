import type { CreativeType } from './campaigns';

/**
 * Every creative limit in one table (decisions 4 wins over spec 5), read by the server against the real
 * file (dimensions, duration and bitrate from the bytes) and by the console before it uploads. An
 * operator changes a limit here, in one place.
 */

export const MATERIAL_ROLES = ['image', 'icon', 'video', 'endcard'] as const;
export type MaterialRole = (typeof MATERIAL_ROLES)[number];

export const CREATIVE_LIMITS = {
  /** Banner sizes (spec 5). */
  bannerSizes: [
    [320, 480],
    [480, 320],
    [320, 50],
    [300, 250],
  ],
  /** Native main images: 1200x627, 1200x628, or square 627, 512 or 200. */
  nativeSizes: [
    [1200, 627],
    [1200, 628],
    [627, 627],
    [512, 512],
    [200, 200],
  ],
  /** Icon: 480x480 preferred; any square of at least 256. */
  iconMin: 256,
  endcardSizes: [
    [1280, 720],
    [720, 1280],
  ],
  imageMaxBytes: 500 * 1024,
  gifMaxBytes: 1024 * 1024,
  endcardMaxBytes: 300 * 1024,
  videoMinSeconds: 6,
  videoMaxSeconds: 100,
  /** 16:9 or 9:16, within 1 %. */
  videoAspects: [16 / 9, 9 / 16],
  videoMaxKbps: 1600,
  videoMaxBytes: 60 * 1024 * 1024,
  htmlMaxBytes: 200 * 1024,
} as const;

/** Which materials each creative type needs (spec 5: native = image + icon; video endcard = video + endcard). */
export const CREATIVE_MATERIALS: Record<CreativeType, { materials: readonly MaterialRole[]; html: boolean }> =
  {
    image: { materials: ['image'], html: false },
    nativeImg: { materials: ['image', 'icon'], html: false },
    video: { materials: ['video'], html: false },
    videoEndCard: { materials: ['video', 'endcard'], html: false },
    html: { materials: [], html: true },
    videoHtml: { materials: ['video'], html: true },
  };

/** What is known of a file: from its bytes on the server, from the browser's reading before upload. */
export interface MaterialFacts {
  mime: string;
  size: number;
  width?: number;
  height?: number;
  duration?: number;
  /** kbps */
  bitrate?: number;
}

export interface MaterialProblem {
  message:
    | 'creative.file_type'
    | 'creative.image_size'
    | 'creative.image_bytes'
    | 'creative.gif_bytes'
    | 'creative.icon_size'
    | 'creative.endcard_size'
    | 'creative.endcard_bytes'
    | 'creative.video_duration'
    | 'creative.video_aspect'
    | 'creative.video_bitrate'
    | 'creative.video_bytes';
  params: Record<string, string | number>;
}

const L = CREATIVE_LIMITS;
const sizes = (list: readonly (readonly [number, number])[]) => list.map(([w, h]) => `${w}x${h}`).join(', ');
const has = (list: readonly (readonly [number, number])[], w: number, h: number) =>
  list.some(([a, b]) => a === w && b === h);
const kb = (bytes: number) => Math.round(bytes / 1024);

/**
 * The first limit a material breaks, or null. `forNative` says whether an `image` is a native creative's
 * main image (native sizes) rather than a banner.
 */
export function checkMaterial(
  role: MaterialRole,
  f: MaterialFacts,
  forNative = false,
): MaterialProblem | null {
  const isImage = f.mime.startsWith('image/');
  const isVideo = f.mime === 'video/mp4';
  if (role === 'video' ? !isVideo : !isImage) return { message: 'creative.file_type', params: { role } };
  const w = f.width ?? 0;
  const h = f.height ?? 0;
  if (role === 'image') {
    const allowed = forNative ? L.nativeSizes : L.bannerSizes;
    if (!has(allowed, w, h))
      return { message: 'creative.image_size', params: { size: `${w}x${h}`, allowed: sizes(allowed) } };
    if (f.mime === 'image/gif') {
      if (f.size > L.gifMaxBytes)
        return { message: 'creative.gif_bytes', params: { kb: kb(f.size), max: kb(L.gifMaxBytes) } };
    } else if (f.size > L.imageMaxBytes) {
      return { message: 'creative.image_bytes', params: { kb: kb(f.size), max: kb(L.imageMaxBytes) } };
    }
    return null;
  }
  if (role === 'icon') {
    if (w !== h || w < L.iconMin)
      return { message: 'creative.icon_size', params: { size: `${w}x${h}`, min: L.iconMin } };
    if (f.size > L.imageMaxBytes)
      return { message: 'creative.image_bytes', params: { kb: kb(f.size), max: kb(L.imageMaxBytes) } };
    return null;
  }
  if (role === 'endcard') {
    if (!has(L.endcardSizes, w, h))
      return {
        message: 'creative.endcard_size',
        params: { size: `${w}x${h}`, allowed: sizes(L.endcardSizes) },
      };
    if (f.size > L.endcardMaxBytes)
      return { message: 'creative.endcard_bytes', params: { kb: kb(f.size), max: kb(L.endcardMaxBytes) } };
    return null;
  }
  const seconds = f.duration ?? 0;
  if (seconds < L.videoMinSeconds || seconds > L.videoMaxSeconds) {
    return {
      message: 'creative.video_duration',
      params: { seconds: Math.round(seconds * 10) / 10, min: L.videoMinSeconds, max: L.videoMaxSeconds },
    };
  }
  const aspect = h > 0 ? w / h : 0;
  if (!L.videoAspects.some((a) => Math.abs(aspect - a) / a <= 0.01)) {
    return { message: 'creative.video_aspect', params: { size: `${w}x${h}` } };
  }
  if ((f.bitrate ?? 0) > L.videoMaxKbps) {
    return {
      message: 'creative.video_bitrate',
      params: { kbps: Math.round(f.bitrate ?? 0), max: L.videoMaxKbps },
    };
  }
  if (f.size >= L.videoMaxBytes)
    return { message: 'creative.video_bytes', params: { mb: Math.round(f.size / 1048576), max: 60 } };
  return null;
}

/** Where the console shows an HTML creative: a sandboxed frame the markup is posted into. */
export const CREATIVE_FRAME_PATH = '/creative-frame';
