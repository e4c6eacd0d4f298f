import type { Config } from '../config';
import { type Database, openDatabase } from './client';
import { acquireDataDirLock } from './lock';

/** Opens the configured database (PostgreSQL by URL, else PGlite in the data folder) and migrates it. */
export async function openConfiguredDatabase(config: Config): Promise<Database & { kindLabel: string }> {
  if (config.databaseUrl) {
    const database = await openDatabase({ url: config.databaseUrl });
    await database.migrate();
    return { ...database, kindLabel: 'PostgreSQL (DATABASE_URL)' };
  }
  const dataDir = `${config.dataDir}/pglite`;
  const { mkdirSync } = await import('node:fs');
  mkdirSync(config.dataDir, { recursive: true });
  const release = acquireDataDirLock(config.dataDir);
  try {
    const database = await openDatabase({ dataDir });
    await database.migrate();
    return {
      ...database,
      kindLabel: `PGlite (${dataDir})`,
      close: async () => {
        await database.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
