import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { FileStorage } from './modules/files/storage';
import type { Mailer } from './modules/mail/mailer';

/** What every module's routes receive. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  storage: FileStorage;
}
