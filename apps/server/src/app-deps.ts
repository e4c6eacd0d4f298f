import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { FileStorage } from './modules/files/storage';
import type { Mailer } from './modules/mail/mailer';
import type { MediaMeter } from './modules/media/meter';

/** What every module's routes receive. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  storage: FileStorage;
  /** Measures uploaded videos in worker threads. */
  media: MediaMeter;
}
