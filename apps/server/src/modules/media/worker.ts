import { parentPort } from 'node:worker_threads';
import { cleanMp4, readMp4 } from './mp4';

/**
 * The media worker (started by `meter.ts` with memory limits and a deadline): each message is one
 * uploaded file's bytes, handed over (transferred); the answer is the reading and, for a good MP4, the
 * bytes to store, handed back.
 */
const port = parentPort;
if (!port) throw new Error('the media worker runs in a worker thread');

port.on('message', (request: { bytes: Uint8Array<ArrayBuffer> }) => {
  const reading = readMp4(request.bytes);
  if (!reading.ok) {
    port.postMessage(reading);
    return;
  }
  const kept = cleanMp4(request.bytes, reading.plan);
  port.postMessage({ ok: true, video: reading.video, bytes: kept }, [kept.buffer]);
});
port.postMessage('ready');
