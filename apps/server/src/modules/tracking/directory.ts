import { EVENT_KIND, findStandardEvent } from '@scaler/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { apiSources, appEvents, apps, pixelEvents, pixels } from '../../db/schema';

/** What the tracking endpoints need to know about an asset. */
export interface TrackedAsset {
  kind: 'app' | 'pixel';
  id: string;
  advId: number;
  /** Pixel: 1 snippet, 2 API. */
  mode?: number;
  partner?: string;
  /** Pixels only: deleted pixels are unknown to the endpoints. */
  deleted: boolean;
  /** Lower-cased names a sender may use → the asset event's `event_id`. */
  events: Map<string, string>;
}

export interface TrackedSource {
  id: string;
  pixelId: string;
  advId: number;
}

const TTL_MS = 5_000;
const FRESH_MS = 1_000;

/** Every name that resolves to one asset event: a standard event's type and English name, a custom event's id. */
function namesOf(kind: 'app' | 'pixel', row: { type: number; eventType: string; eventId: string }): string[] {
  if (row.type !== EVENT_KIND.standard) return [row.eventId.toLowerCase()];
  const std = findStandardEvent(kind === 'pixel' ? 'web' : 'app', row.eventType);
  return [row.eventType, std?.event_name_en ?? row.eventType].map((n) => n.toLowerCase());
}

/**
 * Looks assets up for the public endpoints with a short cache (a hot pixel is read once every few
 * seconds, not once per event). A miss, or a name the cached copy does not know, reads again, so a pixel
 * or event created a moment ago is found at once; edits made in this process drop the entry at once.
 */
export class AssetDirectory {
  private cache = new Map<string, { at: number; value: unknown }>();
  /** Bumped by every invalidation: a read that started before it must not refill the cache. */
  private generation = 0;

  constructor(private readonly db: Executor) {}

  invalidate() {
    this.generation++;
    this.cache.clear();
  }

  /**
   * A cached entry younger than the TTL, else a read. `fresh` asks for a read unless the entry is under a
   * second old (a sender repeating an unknown name cannot make every request read the database).
   */
  private async cached<T>(key: string, fresh: boolean, load: () => Promise<T>): Promise<T> {
    const hit = this.cache.get(key);
    const age = hit ? Date.now() - hit.at : Number.POSITIVE_INFINITY;
    if (age < (fresh ? FRESH_MS : TTL_MS)) return hit?.value as T;
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation) {
      this.cache.set(key, { at: Date.now(), value });
      if (this.cache.size > 10_000) this.cache.delete(this.cache.keys().next().value as string);
    }
    return value;
  }

  pixel(id: string, fresh = false): Promise<TrackedAsset | null> {
    return this.cached(`pixel:${id}`, fresh, async () => {
      const [row] = await this.db.select().from(pixels).where(eq(pixels.id, id));
      if (!row) return null;
      const events = await this.db.select().from(pixelEvents).where(eq(pixelEvents.pixelId, id));
      return {
        kind: 'pixel' as const,
        id: row.id,
        advId: row.advId,
        mode: row.mode,
        deleted: row.deletedAt !== null,
        events: new Map(events.flatMap((e) => namesOf('pixel', e).map((n) => [n, e.eventId] as const))),
      };
    });
  }

  /** The app whose postback token this is (the token is the postback URL's secret). */
  appByToken(token: string, fresh = false): Promise<TrackedAsset | null> {
    return this.cached(`token:${token}`, fresh, async () => {
      const [row] = await this.db.select().from(apps).where(eq(apps.postbackToken, token));
      return row ? this.appEntry(row) : null;
    });
  }

  app(id: string, fresh = false): Promise<TrackedAsset | null> {
    return this.cached(`app:${id}`, fresh, async () => {
      const [row] = await this.db.select().from(apps).where(eq(apps.id, id));
      return row ? this.appEntry(row) : null;
    });
  }

  private async appEntry(row: typeof apps.$inferSelect): Promise<TrackedAsset> {
    const events = await this.db.select().from(appEvents).where(eq(appEvents.appId, row.id));
    return {
      kind: 'app',
      id: row.id,
      advId: row.advId,
      partner: row.partner,
      deleted: false,
      events: new Map(events.flatMap((e) => namesOf('app', e).map((n) => [n, e.eventId] as const))),
    };
  }

  /** The live API source of a token hash (revoked and rotated tokens find nothing). */
  apiSource(tokenHash: string, fresh = false): Promise<TrackedSource | null> {
    return this.cached(`source:${tokenHash}`, fresh, async () => {
      const [row] = await this.db
        .select({ id: apiSources.id, pixelId: apiSources.pixelId, advId: apiSources.advId })
        .from(apiSources)
        .where(and(eq(apiSources.tokenHash, tokenHash), isNull(apiSources.revokedAt)));
      return row ?? null;
    });
  }
}
