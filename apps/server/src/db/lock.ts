import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'server.pid';

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * PGlite keeps one process per data folder. This lock file makes a second process (a second server,
 * or the command-line tool while the server runs) stop with a clear message instead of corrupting it.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8'));
    if (pid && pid !== process.pid && isRunning(pid)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${pid} (the server?). Stop it first, or point DATABASE_URL at PostgreSQL.`,
      );
    }
    rmSync(file, { force: true });
  }
  const fd = openSync(file, 'wx');
  writeFileSync(fd, String(process.pid));
  closeSync(fd);
  return () => rmSync(file, { force: true });
}
