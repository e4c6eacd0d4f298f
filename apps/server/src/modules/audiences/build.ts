import { createHash } from 'node:crypto';
import { AUDIENCE_MIN_SIZE, AUDIENCE_SOURCE } from '@scaler/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client';
import { inBackground } from '../../db/pglite-scheduler';
import { audienceMembers, audiences, trackingEvents } from '../../db/schema';

/**
 * How an audience gets its members. Members are SHA-256 hashes (hex), never a raw id: of the upper-cased
 * device id for uploads and for app events that carried an IDFA or GAID (their tracking user key is
 * `d:<lower-cased id>`), else of the tracking user key, so an upload and an events audience of the same
 * devices share members. Events without a person (`e:` keys: a postback with neither device nor click)
 * are left out.
 */

/** The member hash of an uploaded device id (already upper-cased by `parseDeviceIds`). */
export const deviceHash = (id: string) => createHash('sha256').update(id.toUpperCase()).digest('hex');

/** The same rule in SQL, over `tracking_events e`. */
const memberHashSql = sql`case when e.user_key like 'd:%'
  then encode(sha256(convert_to(upper(substr(e.user_key, 3)), 'UTF8')), 'hex')
  else encode(sha256(convert_to(e.user_key, 'UTF8')), 'hex') end`;

/** `status` from the size, as `audienceStatusOf` of the domain says it. */
const statusOfSize = (size: SQL) =>
  sql`case when ${size} = 0 then 0 when ${size} < ${AUDIENCE_MIN_SIZE} then 3 else 2 end`;

/**
 * Builds an events audience again, in one transaction: the old members go, the distinct people who did
 * one of its events on its app or pixel within its lookback window come in with one `insert ... select`,
 * and the audience gets their count and status. Readers see the old members until it commits.
 */
export async function buildEventsAudience(db: Db, audienceId: number, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [a] = await tx.select().from(audiences).where(eq(audiences.id, audienceId)).for('update');
    if (!a || a.sourceType !== AUDIENCE_SOURCE.events) return;
    const since = new Date(now.getTime() - (a.lookbackDays ?? 1) * 86_400_000);
    const asset = a.appId ? sql`e.app_id = ${a.appId}` : sql`e.pixel_id = ${a.pixelId ?? ''}`;
    await tx.delete(audienceMembers).where(eq(audienceMembers.audienceId, a.id));
    await tx.execute(sql`
      with added as (
        insert into ${audienceMembers} (audience_id, member_hash)
        select distinct ${a.id}::integer, ${memberHashSql}
        from ${trackingEvents} e
        where e.adv_id = ${a.advId} and ${asset}
          and e.event_id = any(${sql.param(a.eventIds)}::text[])
          and e.event_time >= ${since.toISOString()}::timestamptz
          and e.event_time <= ${now.toISOString()}::timestamptz
          and e.user_key not like 'e:%'
        returning 1
      ), n as (select count(*)::integer as size from added)
      update ${audiences} set size = n.size, status = ${statusOfSize(sql`n.size`)},
        built_at = ${now.toISOString()}::timestamptz
      from n where ${audiences.id} = ${a.id}`);
  });
}

const BATCH = 5_000;

/**
 * Replaces the members of an upload audience with the hashes of these ids (distinct, upper-cased), in
 * batches inside the caller's transaction, and sets its size and status.
 */
export async function writeUploadMembers(tx: Executor, audienceId: number, ids: string[]): Promise<void> {
  await tx.delete(audienceMembers).where(eq(audienceMembers.audienceId, audienceId));
  for (let i = 0; i < ids.length; i += BATCH) {
    const hashes = ids.slice(i, i + BATCH).map(deviceHash);
    await tx.execute(sql`
      insert into ${audienceMembers} (audience_id, member_hash)
      select ${audienceId}::integer, h from unnest(${sql.param(hashes)}::text[]) as h
      on conflict do nothing`);
  }
  await tx.execute(sql`
    with n as (select count(*)::integer as size from ${audienceMembers} where audience_id = ${audienceId})
    update ${audiences} set size = n.size, status = ${statusOfSize(sql`n.size`)}, built_at = now()
    from n where ${audiences.id} = ${audienceId}`);
}

/**
 * The process's queue of events audiences to build: each is built once however often it was asked for
 * while waiting, one at a time, behind interactive work on PGlite's one connection (`inBackground`), after
 * the answer that asked for it. `idle()` resolves when the queue is empty (the server waits for it on close).
 */
export class AudienceBuilder {
  private readonly waiting = new Set<number>();
  private current: number | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  /** Whether this process will build the audience (it is waiting or being built). */
  has(audienceId: number): boolean {
    return this.waiting.has(audienceId) || this.current === audienceId;
  }

  schedule(ids: readonly number[]): void {
    for (const id of ids) this.waiting.add(id);
    if (ids.length > 0 && !this.running) {
      this.running = this.drain().finally(() => {
        this.running = null;
      });
    }
  }

  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    // Let the answer that scheduled the build go first.
    await new Promise((resolve) => setImmediate(resolve));
    for (let id = this.take(); id !== null; id = this.take()) {
      const audienceId = id;
      try {
        await inBackground(() => buildEventsAudience(this.db, audienceId));
      } catch (err) {
        this.log.error({ err, audienceId }, 'building an audience failed');
      }
    }
    this.current = null;
  }

  /** The next audience to build; one asked for again while it is built is built again after. */
  private take(): number | null {
    const next = this.waiting.values().next();
    this.current = next.done ? null : next.value;
    if (this.current !== null) this.waiting.delete(this.current);
    return this.current;
  }
}
