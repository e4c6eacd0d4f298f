import type { AttributionPartner } from '@scaler/domain';
import { ALL_APP_EVENTS } from './conversions';
import { isPartner } from './partners';

/**
 * What the advertisers configured at their attribution partners, as the simulated partners and pages
 * know it: each app's partner, postback token and reported events, each pixel's events. The caller reads
 * it from the database; the simulator reads it again every 30 s, and at once (at most every 5 s) when a
 * click names an app it does not know yet.
 */

export interface SimulationDirectory {
  /** Apps (`events`: the standard app events they report; all the simulated ones when absent). */
  apps: {
    id: string;
    partner: string;
    postbackToken: string;
    os: number;
    bundleId: string;
    events?: string[];
  }[];
  /** Pixels (`events`: the events they report, by type or name; all of the journey when absent). */
  pixels: { id: string; events?: string[] }[];
}

export interface DirectoryApp {
  id: string;
  partner: AttributionPartner;
  postbackToken: string;
  events: ReadonlySet<string>;
}

const RELOAD_UNKNOWN_MS = 5000;
const lower = (events: string[]) => new Set(events.map((e) => e.toLowerCase()));

export class DirectoryCache {
  private apps = new Map<string, DirectoryApp>();
  private pixels = new Map<string, ReadonlySet<string> | null>();
  private loading: Promise<void> | null = null;
  private loadedAt = 0;

  constructor(
    private readonly read: () => Promise<SimulationDirectory>,
    private readonly log?: (msg: string) => void,
  ) {}

  /** Reads the directory again (one read at a time); a failed read keeps the last one. */
  load(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const d = await this.read();
        this.apps = new Map(
          d.apps.flatMap((a) => {
            if (!isPartner(a.partner)) return [];
            const events = a.events ? lower(a.events) : ALL_APP_EVENTS;
            return [
              [a.id, { id: a.id, partner: a.partner, postbackToken: a.postbackToken, events }] as const,
            ];
          }),
        );
        this.pixels = new Map(d.pixels.map((p) => [p.id, p.events ? lower(p.events) : null]));
        this.loadedAt = Date.now();
      } catch (err) {
        this.log?.(`simulator: directory not read: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  private async ready() {
    if (this.loadedAt === 0 || this.loading) await (this.loading ?? this.load());
  }

  /** An app; one not known is looked for again when the directory is over 5 s old. */
  async app(id: string): Promise<DirectoryApp | undefined> {
    await this.ready();
    if (!this.apps.has(id) && Date.now() - this.loadedAt > RELOAD_UNKNOWN_MS) await this.load();
    return this.apps.get(id);
  }

  /** The events a pixel reports (lower-cased types and names); null when not known. */
  async pixelEvents(id: string): Promise<ReadonlySet<string> | null> {
    await this.ready();
    return this.pixels.get(id) ?? null;
  }
}
