import { RTB_MACROS } from '@scaler/domain';
import { formatUnits } from './money';
import { lognormal, poisson, type Rng } from './random';

/**
 * The exchange's auction of one impression. Prices are CPMs in micro-units of the exchange's currency.
 *
 * Other bidders: a Poisson number of them (3 on average), each bidding a lognormal price around the
 * floor (median 1.4 × the floor, sigma 0.5 of the log); a bid under the floor does not take part. Our bid
 * wins when it is at least the floor and beats every other bid (a tie goes to the other bidder, whose
 * bid arrived first).
 *
 * Clearing price: first price (`at` 1) is our bid; second price (`at` 2) is the higher of the runner-up's
 * bid and the floor, plus the usual increment of 0.01, never above our bid. The exchange reports prices
 * on a grid of `decimals` decimals (3 by default: then every billed impression costs a whole number of
 * micro-units, the statistics store's scale): the clearing price rounded down to it, the price to beat
 * rounded up.
 */

export const INCREMENT_MICROS = 10_000;

/** OpenRTB loss reasons (`${AUCTION_LOSS}`) of the simulated exchange. */
export const LOSS_REASON = { belowFloor: 100, outbid: 102 } as const;

export interface AuctionInput {
  /** Our bid's price. */
  bid: number;
  floor: number;
  /** The other bidders' prices. */
  competitors: readonly number[];
  /** OpenRTB `at`: 1 first price, 2 second price. */
  at: number;
  /** Decimals of the prices the exchange reports (2 to 6); the floor is on that grid. */
  decimals: number;
}

export type AuctionOutcome = { won: true; price: number } | { won: false; reason: number; minToWin: number };

const gridOf = (decimals: number) => 10 ** (6 - Math.min(6, Math.max(2, decimals)));
const roundDown = (micros: number, grid: number) => Math.floor(micros / grid) * grid;
const roundUp = (micros: number, grid: number) => Math.ceil(micros / grid) * grid;

export function runAuction(a: AuctionInput): AuctionOutcome {
  const grid = gridOf(a.decimals);
  let best = 0;
  let second = 0;
  for (const c of a.competitors) {
    if (c < a.floor) continue;
    if (c > best) {
      second = best;
      best = c;
    } else if (c > second) second = c;
  }
  if (a.bid < a.floor)
    return { won: false, reason: LOSS_REASON.belowFloor, minToWin: roundUp(a.floor, grid) };
  if (a.bid <= best) return { won: false, reason: LOSS_REASON.outbid, minToWin: roundUp(best, grid) };
  const clearing = a.at === 1 ? a.bid : Math.min(a.bid, Math.max(best, a.floor) + INCREMENT_MICROS);
  return { won: true, price: Math.max(roundUp(a.floor, grid), roundDown(clearing, grid)) };
}

/** The other bidders' prices for an impression with this floor (micro-units). */
export function drawCompetitors(rng: Rng, floor: number, meanBidders = 3): number[] {
  const reference = Math.max(floor, 100_000);
  const out: number[] = [];
  for (let n = poisson(rng, meanBidders); n > 0; n--) {
    const price = Math.round(lognormal(rng, reference * 1.4, 0.5));
    if (price >= floor) out.push(price);
  }
  return out;
}

/** A CPM in micro-units as the exchange writes it: `decimals` decimals. */
export const priceText = (micros: number, decimals: number): string =>
  formatUnits(BigInt(micros), 6, Math.min(6, Math.max(2, decimals)));

/** `${AUCTION_<NAME>}`. */
const macro = (name: string) => `\${AUCTION_${name}}`;
const MACROS = {
  price: RTB_MACROS.price,
  minToWin: RTB_MACROS.minToWin,
  loss: RTB_MACROS.loss,
  auctionId: macro('ID'),
  bidId: macro('BID_ID'),
  impId: macro('IMP_ID'),
  seatId: macro('SEAT_ID'),
  adId: macro('AD_ID'),
  currency: macro('CURRENCY'),
} as const;

export type MacroName = keyof typeof MACROS;

/**
 * Fills the OpenRTB substitution macros (`${AUCTION_PRICE}` …) of a notice URL with the given values, as
 * they are: nothing else of the URL is touched or encoded. A macro without a value stays as it is.
 */
export function fillMacros(url: string, values: Partial<Record<MacroName, string>>): string {
  const byMacro = new Map<string, string>();
  for (const [name, value] of Object.entries(values))
    if (value !== undefined) byMacro.set(MACROS[name as MacroName], value);
  return url.replace(/\$\{AUCTION_[A-Z_]+\}/g, (found) => byMacro.get(found) ?? found);
}
