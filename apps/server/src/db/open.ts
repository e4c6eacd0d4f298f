import type { Config } from '../config';
import { type Database, type LaneOptions, openDatabase } from './client';
import { acquireDataDirLock } from './lock';

/** Opens the configured database (PostgreSQL by URL, else PGlite in the data folder) and migrates it. */
export async function openConfiguredDatabase(config: Config): Promise<Database & { kindLabel: string }> {
  const lanes = laneOptions(config);
  if (config.databaseUrl) {
    const database = await openDatabase({ url: config.databaseUrl, lanes });
    await database.migrate();
    return { ...database, kindLabel: 'PostgreSQL (DATABASE_URL)' };
  }
  const dataDir = `${config.dataDir}/pglite`;
  const { mkdirSync } = await import('node:fs');
  mkdirSync(config.dataDir, { recursive: true });
  const release = acquireDataDirLock(config.dataDir);
  try {
    const database = await openDatabase({ dataDir, lanes });
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

/** The heavy calls' share of the database, from the configuration (README: heavy calls). */
export const laneOptions = (config: Config): LaneOptions => ({
  heavyConnections: config.heavy.total,
  heavyTimeoutMs: config.heavy.timeoutMs,
  cheapWaitMs: config.pgliteCheapWait.ms,
  cheapWaitShare: config.pgliteCheapWait.percent / 100,
});
