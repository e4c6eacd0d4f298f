import { lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginFailures, mailRequests } from '../../db/schema';
import { pruneLoginCodes } from './login-codes';

/** Counters and codes are needed for an hour at most: rows older than a day go. */
export async function pruneAccounts(db: Executor) {
  const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
  await pruneLoginCodes(db);
  await db.delete(mailRequests).where(lt(mailRequests.createdAt, dayAgo));
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, dayAgo));
}
