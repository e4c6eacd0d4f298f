import { CREATIVE_LIMITS, type MaterialFacts } from '@scaler/domain';

/**
 * What the browser can tell of a picked file before it is uploaded (dimensions of an image; duration,
 * frame size and average bitrate of a video), so a file that breaks a limit is refused at once with
 * the same message the server would give. Null when the browser cannot read it: the server decides
 * (it reads the bytes itself in any case).
 */
export async function readMaterialFacts(file: File): Promise<MaterialFacts | null> {
  const mime = file.type || (file.name.toLowerCase().endsWith('.mp4') ? 'video/mp4' : '');
  const base = { mime, size: file.size };
  const url = URL.createObjectURL(file);
  try {
    if (mime.startsWith('image/')) {
      const img = new Image();
      img.src = url;
      await img.decode();
      return { ...base, width: img.naturalWidth, height: img.naturalHeight };
    }
    if (mime === 'video/mp4') {
      const video = document.createElement('video');
      video.preload = 'metadata';
      video.muted = true;
      const loaded = new Promise<void>((resolve, reject) => {
        video.onloadedmetadata = () => resolve();
        video.onerror = () => reject(new Error('unreadable'));
        setTimeout(() => reject(new Error('timeout')), 5000);
      });
      video.src = url;
      await loaded;
      const duration = Number.isFinite(video.duration) ? video.duration : 0;
      if (duration <= 0) return null;
      return {
        ...base,
        width: video.videoWidth,
        height: video.videoHeight,
        duration,
        bitrate: (file.size * 8) / duration / 1000,
      };
    }
    return base;
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The `accept` of a material's file input. */
export const acceptOf = (role: string) =>
  role === 'video' ? 'video/mp4' : 'image/png,image/jpeg,image/gif,image/webp';

/** A short line of what a material must be, for the upload's hint. */
export function limitHint(role: string, native: boolean): Record<string, string | number> {
  const L = CREATIVE_LIMITS;
  const sizes = (list: readonly (readonly [number, number])[]) =>
    list.map(([w, h]) => `${w}x${h}`).join(', ');
  if (role === 'image')
    return { sizes: sizes(native ? L.nativeSizes : L.bannerSizes), kb: L.imageMaxBytes / 1024 };
  if (role === 'icon') return { min: L.iconMin, kb: L.imageMaxBytes / 1024 };
  if (role === 'endcard') return { sizes: sizes(L.endcardSizes), kb: L.endcardMaxBytes / 1024 };
  return {
    min: L.videoMinSeconds,
    max: L.videoMaxSeconds,
    kbps: L.videoMaxKbps,
    mb: L.videoMaxBytes / 1048576,
  };
}
