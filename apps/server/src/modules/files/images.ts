import type { FileType } from '@scaler/domain';
import sharp from 'sharp';

/** The largest picture decoded (width x height): far above any avatar or scanned license page. */
const MAX_PIXELS = 40_000_000;

/**
 * Re-encodes an uploaded image with sharp (libvips), so what is stored is only the picture: bytes
 * appended after the image (a PNG or GIF that is also a script or an HTML page), text chunks, comments
 * and other metadata are gone. JPEGs are turned upright first, since their orientation tag goes with the
 * metadata; GIF and WebP keep their frames. Throws when the bytes do not decode as an image.
 */
export async function reencodeImage(bytes: Buffer, type: Exclude<FileType, 'pdf'>): Promise<Buffer> {
  const animated = type === 'gif' || type === 'webp';
  const image = sharp(bytes, { animated, failOn: 'none', limitInputPixels: MAX_PIXELS });
  switch (type) {
    case 'png':
      return image.png().toBuffer();
    case 'jpg':
      return image.rotate().jpeg({ quality: 90 }).toBuffer();
    case 'gif':
      return image.gif().toBuffer();
    case 'webp':
      return image.webp({ quality: 90 }).toBuffer();
  }
}
