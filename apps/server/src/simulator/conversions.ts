/**
 * What a user does after tapping an ad (times in simulated seconds since the tap or the install; the
 * simulator multiplies them by `timeScale`):
 *
 * App campaigns: the app's install rate (drawn per app between 3 and 12 % of clicks) decides whether the
 * user installs, after a lognormal delay (median 90 s, at most a day). After the install: registration
 * (45 %, median 3 min), levels achieved (35 %: one to three, about half an hour apart), purchases (7 % of
 * installers by default: one to three, about an hour apart, 0.99–49.99 USD price points in the exchange's
 * currency). Only events the app reports (its events at the partner) are sent.
 *
 * Web campaigns: the landing page loads in 1–4 s (PageView; 10 % leave before the pixel runs), half of
 * the visitors view a second page, 15 % add to cart within minutes, 40 % of those buy (15–250 USD in the
 * exchange's currency). The pixel script sends each event with a fresh event id, the page, its browser
 * id and the click id of the landing URL (`sdk.ts`), as text/plain JSON.
 */
import { SIMULATED_APP_EVENTS, type SimulatedAppEvent } from './partners';
import { between, chance, lognormal, type Rng } from './random';
import { inCurrency } from './supply';

export interface Step<E extends string> {
  /** Simulated seconds after the tap (web) or the install (app). */
  after: number;
  event: E;
  /** Decimal text in the exchange's currency. */
  value?: string;
}

const DAY = 86_400;
/** Share of installers who buy. */
export const BUYERS = 0.07;
const PRICE_POINTS: [number, number][] = [
  [0.99, 30],
  [1.99, 22],
  [4.99, 20],
  [9.99, 14],
  [19.99, 8],
  [49.99, 6],
];

const amount = (usd: number, currency: string) => (inCurrency(usd, currency) / 1_000_000).toFixed(2);

function pricePoint(rng: Rng): number {
  const total = PRICE_POINTS.reduce((s, [, w]) => s + w, 0);
  let x = rng() * total;
  for (const [price, w] of PRICE_POINTS) {
    x -= w;
    if (x < 0) return price;
  }
  return PRICE_POINTS[0][0];
}

/** The install rate of an app (3–12 % of clicks), the same for the same app and seed. */
export function installRate(appId: string, seed: number): number {
  let h = seed >>> 0;
  for (const ch of appId) h = Math.imul(h ^ ch.charCodeAt(0), 2654435761) >>> 0;
  return 0.03 + 0.09 * (h / 4294967296);
}

/** Seconds from the tap to the install. */
export const installDelay = (rng: Rng): number => Math.min(DAY, Math.max(5, lognormal(rng, 90, 1)));

/** The in-app events after an install, among those the app reports. */
export function appJourney(
  rng: Rng,
  reported: ReadonlySet<string>,
  currency: string,
  buyers = BUYERS,
): Step<SimulatedAppEvent>[] {
  const steps: Step<SimulatedAppEvent>[] = [];
  if (chance(rng, 0.45))
    steps.push({ after: Math.min(DAY, lognormal(rng, 180, 0.8)), event: 'registration' });
  if (chance(rng, 0.35)) {
    let at = 0;
    for (let n = 1 + Math.floor(rng() * 3); n > 0; n--) {
      at += lognormal(rng, 1800, 0.7);
      steps.push({ after: Math.min(3 * DAY, at), event: 'achieve_level' });
    }
  }
  if (chance(rng, buyers)) {
    let at = 0;
    for (let n = 1 + Math.floor(rng() * 3); n > 0; n--) {
      at += lognormal(rng, 3600, 1);
      steps.push({
        after: Math.min(3 * DAY, at),
        event: 'purchase',
        value: amount(pricePoint(rng), currency),
      });
    }
  }
  return steps.filter((s) => reported.has(s.event)).sort((a, b) => a.after - b.after);
}

/** Every simulated app event, for an app whose events are not known. */
export const ALL_APP_EVENTS: ReadonlySet<string> = new Set(SIMULATED_APP_EVENTS);

export type WebEvent = 'PageView' | 'AddToCart' | 'Purchase';

/** The pixel events of a visit after the tap. */
export function webJourney(rng: Rng, currency: string): Step<WebEvent>[] {
  if (chance(rng, 0.1)) return [];
  const landed = between(rng, 1, 4);
  const steps: Step<WebEvent>[] = [{ after: landed, event: 'PageView' }];
  if (chance(rng, 0.5)) steps.push({ after: landed + between(rng, 10, 60), event: 'PageView' });
  if (chance(rng, 0.15)) {
    const cart = landed + between(rng, 20, 180);
    steps.push({ after: cart, event: 'AddToCart' });
    if (chance(rng, 0.4))
      steps.push({
        after: cart + between(rng, 60, 600),
        event: 'Purchase',
        value: amount(Math.round(between(rng, 15, 250) * 100) / 100, currency),
      });
  }
  return steps.sort((a, b) => a.after - b.after);
}

/** The body the pixel script posts for one event (`sdk.ts`): undefined fields are left out. */
export function pixelBody(e: {
  pixelId: string;
  event: string;
  eventId: string;
  url: string;
  uid: string;
  clickId: string;
  value?: string;
  currency?: string;
}): string {
  return JSON.stringify({
    pixel_id: e.pixelId,
    event: e.event,
    event_id: e.eventId,
    url: e.url.slice(0, 2048),
    uid: e.uid,
    click_id: e.clickId,
    value: e.value === undefined ? undefined : Number(e.value),
    currency: e.value === undefined ? undefined : e.currency,
  });
}
