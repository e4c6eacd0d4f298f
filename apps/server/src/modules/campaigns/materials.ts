import {
  checkMaterial,
  FILE_MIME,
  type MaterialFacts,
  type MaterialRole,
  sniffFileType,
  type TCreativeMaterial,
} from '@scaler/domain';
import { imageSize } from 'image-size';
import type { Actor } from '../../access/actor';
import type { Db } from '../../db/client';
import { uploadedFiles } from '../../db/schema';
import { fieldError } from '../account-scope/scope';
import { reencodeImage } from '../files/images';
import { reserveUpload, type UploadQuota } from '../files/service';
import type { FileStorage } from '../files/storage';
import type { MediaMeter, Mp4Measurement } from '../media/meter';

/**
 * Creative materials (issue 9): what a file is comes from its bytes, measured once at upload and kept
 * with the file's row (`uploaded_files` width, height, duration, bitrate), so a creative that uses it
 * is checked against those facts without reading the file again. Images are measured with `image-size`
 * and re-encoded like every uploaded image (only the picture is kept; animated GIFs stay animated). MP4
 * videos are read by the media module's bounded reader in a worker with time and memory limits
 * (`modules/media`): duration from the movie header, the video track's width and height, bitrate =
 * bytes × 8 / duration; what is stored is what it validated (other boxes blanked, trailing bytes
 * dropped). The limits are the domain's table (`checkMaterial`), the same the console checks before
 * uploading. Files are kept under unguessable names in `public/creatives` (ad serving needs them public).
 */

export const MATERIAL_MAX_BYTES = 60 * 1024 * 1024;

const isMp4 = (b: Buffer) => b.length > 12 && b.toString('latin1', 4, 8) === 'ftyp';

/** The field message for a video the media reader refused. */
const VIDEO_REFUSED: Record<Extract<Mp4Measurement, { ok: false }>['problem'], string> = {
  not_mp4: 'creative.video_unreadable',
  no_video: 'creative.video_unreadable',
  truncated: 'creative.video_truncated',
  malformed: 'creative.video_malformed',
  too_complex: 'creative.video_malformed',
  fragmented: 'creative.video_fragmented',
  limits: 'creative.video_limits',
};

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
  media: MediaMeter;
}): Promise<TCreativeMaterial> {
  const { bytes, role } = options;
  // A file past the limit is not read to its end, so its size is unknown: say only that it is over.
  if (options.truncated || bytes.length > MATERIAL_MAX_BYTES) {
    throw fieldError('file', 'creative.file_over_limit', { max: MATERIAL_MAX_BYTES / 1048576 });
  }
  let facts: MaterialFacts;
  let stored: Buffer = bytes;
  let ext: 'png' | 'jpg' | 'gif' | 'webp' | 'mp4';
  if (isMp4(bytes)) {
    const measured = await options.media.measureMp4(bytes);
    if (!measured.ok) throw fieldError('file', VIDEO_REFUSED[measured.problem]);
    stored = measured.bytes;
    facts = { mime: 'video/mp4', size: stored.length, ...measured.video };
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
      width: facts.width ?? null,
      height: facts.height ?? null,
      duration: facts.duration ?? null,
      bitrate: facts.bitrate ?? null,
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
