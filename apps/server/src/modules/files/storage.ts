import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileKind, FileType } from '@scaler/domain';

const EXT: Record<FileType, string> = { png: 'png', jpg: 'jpg', gif: 'gif', webp: 'webp', pdf: 'pdf' };

/**
 * Where uploads live under the data folder: avatars in `public/avatars` (served at the static host
 * path under unguessable names), license files in `private/licenses` (only through a checked route).
 */
export function createFileStorage(dataDir: string) {
  const dirs: Record<FileKind, string> = {
    avatar: path.join(dataDir, 'public', 'avatars'),
    license: path.join(dataDir, 'private', 'licenses'),
  };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
  return {
    async save(kind: FileKind, type: FileType, bytes: Buffer): Promise<string> {
      const name = `${randomBytes(16).toString('hex')}.${EXT[type]}`;
      await writeFile(path.join(dirs[kind], name), bytes, { flag: 'wx' });
      return name;
    },
    /** A creative's material, public under `/static/creatives/<random name>` (previews, ad serving). */
    async saveCreative(ext: 'png' | 'jpg' | 'gif' | 'webp' | 'mp4', bytes: Buffer): Promise<string> {
      const dir = path.join(dataDir, 'public', 'creatives');
      mkdirSync(dir, { recursive: true });
      const name = `${randomBytes(16).toString('hex')}.${ext}`;
      await writeFile(path.join(dir, name), bytes, { flag: 'wx' });
      return `creatives/${name}`;
    },
    readCreative(file: string): Promise<Buffer> {
      if (!/^creatives\/[a-f0-9]{32}\.(png|jpg|gif|webp|mp4)$/.test(file)) throw new Error('bad file name');
      return readFile(path.join(dataDir, 'public', file));
    },
    read(kind: FileKind, name: string): Promise<Buffer> {
      if (!/^[a-f0-9]{32}\.[a-z]{3,4}$/.test(name)) throw new Error('bad file name');
      return readFile(path.join(dirs[kind], name));
    },
  };
}
export type FileStorage = ReturnType<typeof createFileStorage>;
