import { createHash, randomBytes } from 'node:crypto';
import {
  type AuctionType,
  type Currency,
  RTB_PATHS,
  type TExchange,
  type TExchangeCreate,
  type TExchanges,
  type TExchangeUpdate,
  type TExchangeWithToken,
  trimOrigin,
} from '@scaler/domain';
import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import type { Db, Executor } from '../../db/client';
import { exchanges } from '../../db/schema';
import { AppError } from '../../http/errors';
import { isUniqueViolation } from '../assets/scope';
import { requireOperator } from '../reviews/service';

/**
 * Exchanges (decisions 8): registered by platform operators. The token an exchange sends with every bid
 * request is 32 random bytes, shown once; the database keeps its sha256, so a leaked table leaks no
 * token, and a request is matched by hashing what it carries.
 */

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

function newToken() {
  const token = `rtb_${randomBytes(24).toString('base64url')}`;
  return { token, tokenHash: tokenHash(token), tokenHint: token.slice(-4) };
}

type Row = typeof exchanges.$inferSelect;
interface Today {
  wins: number;
  impressions: number;
  spend: string;
}

function view(row: Row, publicUrl: string, today?: Today): TExchange {
  return {
    id: row.id,
    name: row.name,
    token_hint: row.tokenHint,
    auction_type: row.auctionType as AuctionType,
    currency: row.currency as Currency,
    enabled: row.enabled,
    endpoint: `${trimOrigin(publicUrl)}${RTB_PATHS.bid}/${row.id}`,
    created_at: row.createdAt.toISOString(),
    today: today ?? { wins: 0, impressions: 0, spend: '0.00' },
  };
}

/**
 * Today's (UTC) delivery per exchange from the raw notices: win notices, and billing notices with their
 * clearing prices (the store's facts carry no exchange; its bids are per ad group, not per exchange).
 */
async function todayOf(db: Executor): Promise<Map<number, Today>> {
  const start = new Date();
  start.setUTCHours(0, 0, 0, 0);
  const result = (await db.execute(sql`
    select exchange_id,
      count(*) filter (where kind = 3)::int as wins,
      count(*) filter (where kind = 4)::int as impressions,
      coalesce(sum(price) filter (where kind = 4), 0) / 1000 as spend
    from tracking_touches
    where exchange_id is not null and kind in (3, 4) and created_at >= ${start.toISOString()}::timestamptz
    group by exchange_id`)) as unknown as {
    rows: { exchange_id: number; wins: number; impressions: number; spend: string }[];
  };
  return new Map(
    result.rows.map((r) => [
      Number(r.exchange_id),
      { wins: r.wins, impressions: r.impressions, spend: Number(r.spend).toFixed(2) },
    ]),
  );
}

export async function listExchanges(db: Db, actor: Actor, publicUrl: string): Promise<TExchanges> {
  requireOperator(actor);
  const rows = await db.select().from(exchanges).orderBy(exchanges.id);
  const today = await todayOf(db);
  return { list: rows.map((r) => view(r, publicUrl, today.get(r.id))) };
}

async function guardName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EXCHANGE_NAME_TAKEN');
    throw error;
  }
}

export async function createExchange(
  db: Db,
  actor: Actor,
  publicUrl: string,
  input: TExchangeCreate,
): Promise<TExchangeWithToken> {
  requireOperator(actor);
  const { token, ...secret } = newToken();
  const [row] = await guardName(() =>
    db
      .insert(exchanges)
      .values({
        name: input.name,
        auctionType: input.auction_type,
        currency: input.currency,
        createdBy: actor.userId,
        ...secret,
      })
      .returning(),
  );
  return { exchange: view(row, publicUrl), token };
}

export async function updateExchange(
  db: Db,
  actor: Actor,
  publicUrl: string,
  id: number,
  input: TExchangeUpdate,
): Promise<TExchange> {
  requireOperator(actor);
  const [row] = await guardName(() =>
    db
      .update(exchanges)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.auction_type !== undefined ? { auctionType: input.auction_type } : {}),
        ...(input.currency !== undefined ? { currency: input.currency } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        updatedAt: new Date(),
      })
      .where(eq(exchanges.id, id))
      .returning(),
  );
  if (!row) throw new AppError('NOT_FOUND');
  return view(row, publicUrl, (await todayOf(db)).get(row.id));
}

/** A new token; the old one stops working at once. */
export async function replaceToken(
  db: Db,
  actor: Actor,
  publicUrl: string,
  id: number,
): Promise<TExchangeWithToken> {
  requireOperator(actor);
  const { token, ...secret } = newToken();
  const [row] = await db
    .update(exchanges)
    .set({ ...secret, updatedAt: new Date() })
    .where(eq(exchanges.id, id))
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  return { exchange: view(row, publicUrl), token };
}

/**
 * Registers an exchange from the command line (`npm run cli -- exchange create`), or returns the one of
 * that name with a new token: how the simulator and the demo get theirs.
 */
export async function ensureExchange(
  db: Db,
  input: { name: string; auctionType: AuctionType; currency: Currency },
): Promise<{ id: number; token: string }> {
  const { token, ...secret } = newToken();
  const result = (await db.execute(sql`
    insert into exchanges (name, auction_type, currency, token_hash, token_hint)
    values (${input.name}, ${input.auctionType}, ${input.currency}, ${secret.tokenHash}, ${secret.tokenHint})
    on conflict (lower(name)) do update set token_hash = excluded.token_hash,
      token_hint = excluded.token_hint, enabled = true, updated_at = now()
    returning id`)) as unknown as { rows: { id: number }[] };
  return { id: Number(result.rows[0].id), token };
}
