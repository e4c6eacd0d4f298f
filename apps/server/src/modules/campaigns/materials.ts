import {
  checkMaterial,
  FILE_MIME,
  type MaterialFacts,
  type MaterialRole,
  sniffFileType,
  type TCreativeMaterial,
} from '@scaler/domain';
import { imageSize } from 'image-size';
import { createFile, type Movie, MP4BoxBuffer } from 'mp4box';
import type { Actor } from '../../access/actor';
import type { Db } from '../../db/client';
import { uploadedFiles } from '../../db/schema';
import { reencodeImage } from '../files/images';
import { reserveUpload, type UploadQuota } from '../files/service';
import type { FileStorage } from '../files/storage';
import { fieldError } from './scope';

/**
 * Creative materials (issue 9): what a file is comes from its bytes. Images are measured with
 * `image-size` and re-encoded like every uploaded image (only the picture is kept; animated GIFs stay
 * animated); MP4 videos are read with `mp4box` (GPAC's parser): duration from the movie header, the
 * video track's width and height, bitrate = bytes × 8 / duration. The limits are the domain's table
 * (`checkMaterial`), the same the console checks before uploading. Files are kept under unguessable
 * names in `public/creatives` (ad serving needs them public).
 */

export const MATERIAL_MAX_BYTES = 60 * 1024 * 1024;

const isMp4 = (b: Buffer) => b.length > 12 && b.toString('latin1', 4, 8) === 'ftyp';

/** Duration, dimensions and bitrate of an MP4 from its boxes; null when it is no readable MP4 video. */
export function readMp4(
  bytes: Buffer,
): { duration: number; width: number; height: number; bitrate: number } | null {
  const file = createFile();
  let info: Movie | null = null;
  file.onReady = (movie) => {
    info = movie;
  };
  file.onError = () => {
    info = null;
  };
  try {
    const ab = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(ab, 0));
    file.flush();
  } catch {
    return null;
  }
  const movie = info as Movie | null;
  if (!movie?.timescale) return null;
  const video = movie.videoTracks[0];
  if (!video) return null;
  const duration = movie.duration / movie.timescale;
  const width = video.video?.width ?? video.track_width;
  const height = video.video?.height ?? video.track_height;
  if (!(duration > 0) || !width || !height) return null;
  return { duration, width, height, bitrate: (bytes.length * 8) / duration / 1000 };
}

/** Reads and checks an uploaded material, then stores it and counts it against the user's upload quota. */
export async function uploadMaterial(options: {
  db: Db;
  storage: FileStorage;
  actor: Actor;
  advId: number;
  role: MaterialRole;
  forNative: boolean;
  bytes: Buffer;
  truncated: boolean;
  originalName: string;
  quota: UploadQuota;
}): Promise<TCreativeMaterial> {
  const { bytes, role } = options;
  if (options.truncated || bytes.length > MATERIAL_MAX_BYTES) {
    throw fieldError('file', 'creative.video_bytes', { mb: Math.round(bytes.length / 1048576), max: 60 });
  }
  let facts: MaterialFacts;
  let stored: Buffer = bytes;
  let ext: 'png' | 'jpg' | 'gif' | 'webp' | 'mp4';
  if (isMp4(bytes)) {
    const video = readMp4(bytes);
    if (!video) throw fieldError('file', 'creative.video_unreadable');
    facts = { mime: 'video/mp4', size: bytes.length, ...video };
    ext = 'mp4';
  } else {
    const type = sniffFileType(bytes);
    if (!type || type === 'pdf') throw fieldError('file', 'creative.file_type', { role });
    stored = await reencodeImage(bytes, type).catch(() => {
      throw fieldError('file', 'creative.file_type', { role });
    });
    const size = imageSize(stored);
    facts = { mime: FILE_MIME[type], size: stored.length, width: size.width, height: size.height };
    ext = type;
  }
  const problem = checkMaterial(role, facts, options.forNative);
  if (problem) throw fieldError('file', problem.message, problem.params);

  return options.db.transaction(async (tx) => {
    await reserveUpload(tx, options.actor, options.quota, stored.length);
    const file = await options.storage.saveCreative(ext, stored);
    await tx.insert(uploadedFiles).values({
      name: file,
      kind: 'creative',
      mime: facts.mime,
      size: stored.length,
      originalName: options.originalName.slice(0, 200) || file,
      uploadedBy: options.actor.userId,
      advId: options.advId,
    });
    return {
      role,
      file,
      url: `/static/${file}`,
      mime: facts.mime,
      size: stored.length,
      ...(facts.width ? { width: facts.width, height: facts.height } : {}),
      ...(facts.duration
        ? { duration: Math.round(facts.duration * 100) / 100, bitrate: Math.round(facts.bitrate ?? 0) }
        : {}),
    };
  });
}
