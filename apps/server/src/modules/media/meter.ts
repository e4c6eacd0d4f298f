import { type ResourceLimits, Worker } from 'node:worker_threads';
import type { MediaLimits } from '../../config';
import { AppError } from '../../http/errors';
import { FROM_SOURCE, MEDIA_WORKER } from '../../paths';
import type { Mp4Problem, Mp4Video } from './mp4';
import { WorkerPool, WorkerPoolError } from './worker-pool';

/**
 * Measuring uploaded media off the event loop: the MP4 reader (`mp4.ts`) runs in worker threads with
 * a memory cap (`MEDIA_WORKER_MEMORY`) and a wall-clock deadline, a few at a time with a short queue
 * (`Config['media']`, from `MEDIA_PARSE_*`). A file that is refused, runs out of time or exhausts its worker's
 * memory costs its sender a refusal and nobody else anything: the event loop only copies bytes.
 */

/** Heap caps of a media worker (its file's bytes live outside the heap, in the transferred buffer). */
export const MEDIA_WORKER_MEMORY: ResourceLimits = {
  maxOldGenerationSizeMb: 64,
  maxYoungGenerationSizeMb: 16,
  stackSizeMb: 4,
};

/** The answer for one MP4: its measurements and the bytes to store, or why it was refused. */
export type Mp4Measurement =
  | { ok: true; video: Mp4Video; bytes: Buffer }
  | { ok: false; problem: Mp4Problem | 'limits' };

type WorkerReply = { ok: true; video: Mp4Video; bytes: Uint8Array } | { ok: false; problem: Mp4Problem };

let sourceBundle: Promise<string> | null = null;

/**
 * The worker, with its limits. From source (tsx, tests) its TypeScript is bundled once with esbuild (a
 * development dependency, as tsx's own) and run as code; the built server starts `dist/media-worker.js`.
 */
async function startMediaWorker(): Promise<Worker> {
  const options = { resourceLimits: MEDIA_WORKER_MEMORY };
  if (!FROM_SOURCE) return new Worker(MEDIA_WORKER, options);
  sourceBundle ??= import('esbuild')
    .then((esbuild) =>
      esbuild.build({
        entryPoints: [MEDIA_WORKER],
        bundle: true,
        write: false,
        format: 'cjs',
        platform: 'node',
        target: 'node20',
        logLevel: 'silent',
      }),
    )
    .then((built) => built.outputFiles[0].text);
  return new Worker(await sourceBundle, { ...options, eval: true });
}

export interface MediaMeter {
  /**
   * Measures an MP4 in a worker. `bytes` is handed over when it owns its memory (an upload's buffer):
   * do not use it afterwards. Throws `MEDIA_BUSY` when too many files wait.
   */
  measureMp4(bytes: Buffer): Promise<Mp4Measurement>;
  close(): Promise<void>;
}

export function createMediaMeter(
  limits: MediaLimits,
  start: () => Worker | Promise<Worker> = startMediaWorker,
): MediaMeter {
  const pool = new WorkerPool<{ bytes: Uint8Array }, WorkerReply>({
    start,
    size: limits.workers,
    queue: limits.queue,
    timeoutMs: limits.timeoutMs,
  });
  return {
    async measureMp4(bytes) {
      const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      const sent = owned ? bytes : new Uint8Array(bytes);
      try {
        const reply = await pool.run({ bytes: sent }, [sent.buffer as ArrayBuffer]);
        if (!reply.ok) return reply;
        const kept = Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength);
        return { ok: true, video: reply.video, bytes: kept };
      } catch (err) {
        if (!(err instanceof WorkerPoolError)) throw err;
        if (err.reason === 'busy') throw new AppError('MEDIA_BUSY');
        return { ok: false, problem: 'limits' };
      }
    },
    close: () => pool.close(),
  };
}
