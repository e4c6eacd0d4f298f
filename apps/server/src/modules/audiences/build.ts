import { createHash } from 'node:crypto';
import { AUDIENCE_MIN_SIZE, AUDIENCE_SOURCE, type MessageKey } from '@scaler/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { inBackground, inHeavyLane } from '../../db/lanes';
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
    // A background build, not a caller waiting: longer than a heavy call's statement limit.
    await tx.execute(sql.raw(`set local statement_timeout = ${BUILD_TIMEOUT_MS}`));
    const [a] = await tx.select().from(audiences).where(eq(audiences.id, audienceId)).for('update');
    if (!a || a.sourceType !== AUDIENCE_SOURCE.events) return;
    const since = new Date(now.getTime() - (a.lookbackDays ?? 1) * 86_400_000);
    const asset = a.appId ? sql`e.app_id = ${a.appId}` : sql`e.pixel_id = ${a.pixelId ?? ''}`;
    await tx.delete(audienceMembers).where(eq(audienceMembers.audienceId, a.id));
    await tx.execute(sql`
      with added as (
        insert into ${audienceMembers} (audience_id, gen, member_hash)
        select distinct ${a.id}::integer, ${a.membersGen}::integer, ${memberHashSql}
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

/**
 * Hashes written (or old rows deleted) per statement of an upload. Each statement is its own short
 * transaction in PGlite's background lane, so console queries and `/healthz` go between them. PGlite
 * runs a statement on the event loop: 250 rows averaged 22 ms there, waits for console queries
 * included, on a 2-core machine busy with other work (1,000 rows: 67 ms, and /healthz went over 100 ms
 * at p95); the figures are in ARCHITECTURE.md.
 */
export const UPLOAD_CHUNK = 250;

/** Lets the event loop answer what waits (requests, timers) before the next chunk. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Writes an upload's members: the hashes of `ids` (distinct, upper-cased device ids) in generation `gen`
 * of the audience, a chunk per statement (hashing included, so no turn of the event loop is long), each
 * statement checking that this upload is still the audience's latest and still processing (and marking
 * the row as alive, so a reader does not take the build for lost). Then one short statement swaps the
 * new generation in with its size and status: readers see the old members (none for a new audience)
 * until then. Superseded (a newer upload, a deleted audience, a build taken as lost): it stops. Answers
 * whether the members were swapped in; either way the caller then deletes what is no longer read
 * (`dropStaleGenerations`).
 */
export async function writeUploadMembers(
  db: Db,
  job: { audienceId: number; gen: number; ids: readonly string[] },
  chunk = UPLOAD_CHUNK,
): Promise<boolean> {
  const { audienceId, gen, ids } = job;
  const current = sql`${audiences.id} = ${audienceId} and ${audiences.uploadGen} = ${gen} and ${audiences.status} = 1`;
  let written = 0;
  for (let i = 0; i < ids.length; i += chunk) {
    await nextTurn();
    const hashes = ids.slice(i, i + chunk).map(deviceHash);
    const result = await inBackground(() =>
      db.execute(sql`
        with live as (
          update ${audiences} set updated_at = now() where ${current} returning ${audiences.id}
        ), added as (
          insert into ${audienceMembers} (audience_id, gen, member_hash)
          select live.id, ${gen}::integer, h from live, unnest(${sql.param(hashes)}::text[]) as h
          on conflict do nothing
          returning 1
        )
        select (select count(*) from live)::integer as live, (select count(*) from added)::integer as added`),
    );
    const [row] = rowsOf<{ live: number; added: number }>(result);
    if (Number(row.live) === 0) return false;
    written += Number(row.added);
  }
  await nextTurn();
  const swapped = await inBackground(() =>
    db.execute(sql`
      update ${audiences} set members_gen = ${gen}, size = ${written}, status = ${statusOfSize(sql`${written}::integer`)},
        built_at = now(), updated_at = now(), build_error = null
      where ${current}
      returning ${audiences.id}`),
  );
  return rowsOf(swapped).length > 0;
}

/**
 * Deletes, a chunk per statement, the audience's member rows of generations nobody reads or writes any
 * more: not `members_gen`, and not the upload being written.
 */
export async function dropStaleGenerations(db: Db, audienceId: number, chunk = UPLOAD_CHUNK): Promise<void> {
  for (;;) {
    await nextTurn();
    const result = await inBackground(() =>
      db.execute(sql`
        with a as (
          select members_gen, case when status = 1 then upload_gen end as building
          from ${audiences} where id = ${audienceId}
        ), doomed as (
          select m.gen, m.member_hash from ${audienceMembers} m, a
          where m.audience_id = ${audienceId} and m.gen <> a.members_gen and m.gen is distinct from a.building
          limit ${chunk}
        ), gone as (
          delete from ${audienceMembers} m using doomed d
          where m.audience_id = ${audienceId} and m.gen = d.gen and m.member_hash = d.member_hash
          returning 1
        )
        select count(*)::integer as n from gone`),
    );
    if (Number(rowsOf<{ n: number }>(result)[0].n) < chunk) return;
  }
}

/**
 * Marks an upload that could not be written as failed, with `reason` (a message key): the status of the
 * members still in use (0 for a new audience), and its rows go. Nothing happens when a newer upload
 * took its place.
 */
export async function failUpload(db: Db, audienceId: number, gen: number, reason: MessageKey): Promise<void> {
  await inBackground(() =>
    db.execute(sql`
      update ${audiences} set status = ${statusOfSize(sql`size`)}, build_error = ${reason}, updated_at = now()
      where ${audiences.id} = ${audienceId} and ${audiences.uploadGen} = ${gen} and ${audiences.status} = 1`),
  );
  await dropStaleGenerations(db, audienceId);
}

/**
 * Of waiting work keyed by audience (in the order it was asked for), the oldest of the account served
 * longest ago (`served`: the turn each account was last served in; never served goes first).
 */
export function nextInTurn<J extends { advId: number }>(
  waiting: ReadonlyMap<number, J>,
  served: ReadonlyMap<number, number>,
): [number, J] | null {
  let best: [number, J] | null = null;
  for (const entry of waiting) {
    if (best === null || (served.get(entry[1].advId) ?? -1) < (served.get(best[1].advId) ?? -1)) best = entry;
  }
  return best;
}

type Job = (
  | { kind: 'events' }
  | { kind: 'upload'; gen: number; ids: readonly string[] }
  | { kind: 'cleanup' }
) & {
  /** The account the audience belongs to: the queue takes accounts in turn. */
  advId: number;
};

/** An events audience's build may run this long (PostgreSQL stops its statement; PGlite starts no other). */
const BUILD_TIMEOUT_MS = 10 * 60_000;

/**
 * The process's queue of audience work, after the answer that asked for it, one at a time and behind
 * interactive work on PGlite's one connection (`inBackground`): events audiences to build (each once
 * however often it was asked for while waiting), uploads to write (a newer upload of an audience
 * replaces one still waiting) and old member rows to delete. `idle()` resolves when the queue is empty
 * (the server waits for it on close).
 */
export class AudienceBuilder {
  private readonly waiting = new Map<number, Job>();
  private current: number | null = null;
  /** The audience whose upload is being written now. */
  private writing: number | null = null;
  private running: Promise<void> | null = null;
  /** When each account was last served (a turn number). */
  private readonly served = new Map<number, number>();
  private turns = 0;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  /** Whether this process will build the audience (it is waiting or being built). */
  has(audienceId: number): boolean {
    return this.waiting.has(audienceId) || this.current === audienceId;
  }

  /** The audiences whose upload this process is writing or will write (their ids are in its memory). */
  uploads(): number[] {
    const ids = [...this.waiting].filter(([, job]) => job.kind === 'upload').map(([id]) => id);
    return this.writing === null ? ids : [this.writing, ...ids];
  }

  /** Events audiences of the account to build. */
  schedule(ids: readonly number[], advId: number): void {
    for (const id of ids) if (!this.waiting.has(id)) this.waiting.set(id, { kind: 'events', advId });
    this.start();
  }

  /** An upload's ids to write as generation `gen` of the audience. */
  upload(audienceId: number, gen: number, ids: readonly string[], advId: number): void {
    this.waiting.set(audienceId, { kind: 'upload', gen, ids, advId });
    this.start();
  }

  /** Audiences of the account whose unused member rows should go. */
  cleanup(ids: readonly number[], advId: number): void {
    for (const id of ids) if (!this.waiting.has(id)) this.waiting.set(id, { kind: 'cleanup', advId });
    this.start();
  }

  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private start(): void {
    if (this.waiting.size > 0 && !this.running) {
      this.running = this.drain().finally(() => {
        this.running = null;
      });
    }
  }

  private async drain(): Promise<void> {
    // Let the answer that scheduled the work go first.
    await nextTurn();
    for (let next = this.take(); next !== null; next = this.take()) {
      const [audienceId, job] = next;
      try {
        // A build reads every event of an asset in its lookback window: heavy work, within the heavy
        // calls' share of the embedded database and their own connections on PostgreSQL.
        if (job.kind === 'events') {
          await inHeavyLane({ at: performance.now() + BUILD_TIMEOUT_MS }, () =>
            buildEventsAudience(this.db, audienceId),
          );
        } else if (job.kind === 'upload') await this.write(audienceId, job.gen, job.ids);
        else await dropStaleGenerations(this.db, audienceId);
      } catch (err) {
        this.log.error({ err, audienceId }, 'building an audience failed');
        if (job.kind === 'upload') {
          await failUpload(this.db, audienceId, job.gen, 'errors.audience_build_failed').catch((e) =>
            this.log.error({ err: e, audienceId }, 'recording a failed audience build failed'),
          );
        }
      }
    }
    this.current = null;
  }

  private async write(audienceId: number, gen: number, ids: readonly string[]): Promise<void> {
    this.writing = audienceId;
    try {
      await writeUploadMembers(this.db, { audienceId, gen, ids });
    } finally {
      this.writing = null;
    }
    await dropStaleGenerations(this.db, audienceId);
  }

  /**
   * The next audience and its work: of the account served longest ago (accounts take turns, so one
   * account's many audiences never hold another's back), the oldest. One asked for again while it is
   * built is built again after.
   */
  private take(): [number, Job] | null {
    const best = nextInTurn(this.waiting, this.served);
    if (best === null) {
      this.current = null;
      return null;
    }
    const [id, job] = best;
    this.current = id;
    this.waiting.delete(id);
    this.served.set(job.advId, ++this.turns);
    return best;
  }
}
