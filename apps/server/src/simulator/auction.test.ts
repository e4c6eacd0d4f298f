import { RTB_MACROS } from '@scaler/domain';
import { describe, expect, test } from 'vitest';
import { drawCompetitors, fillMacros, LOSS_REASON, priceText, runAuction } from './auction';
import { rngOf } from './random';

const cpm = (v: number) => Math.round(v * 1_000_000);

describe('the auction', () => {
  test('second price clears at the runner-up plus 0.01, never above our bid, never under the floor', () => {
    const auction = (bid: number, competitors: number[], floor = 0.5) =>
      runAuction({ bid: cpm(bid), floor: cpm(floor), competitors: competitors.map(cpm), at: 2, decimals: 3 });
    expect(auction(5, [3.2, 1.1])).toEqual({ won: true, price: cpm(3.21) });
    // The increment would go past our bid: our bid.
    expect(auction(3.205, [3.2])).toEqual({ won: true, price: cpm(3.205) });
    // No other bid: the floor plus the increment.
    expect(auction(5, [])).toEqual({ won: true, price: cpm(0.51) });
    // Other bids under the floor do not take part.
    expect(auction(5, [0.3, 0.4])).toEqual({ won: true, price: cpm(0.51) });
    // Our bid exactly at the floor, nobody else: the floor.
    expect(auction(0.5, [])).toEqual({ won: true, price: cpm(0.5) });
  });

  test('a tie or a higher bid loses with reason 102 and the price to beat; under the floor 100', () => {
    const auction = (bid: number, competitors: number[]) =>
      runAuction({ bid: cpm(bid), floor: cpm(1), competitors: competitors.map(cpm), at: 2, decimals: 3 });
    expect(auction(2, [2])).toEqual({ won: false, reason: LOSS_REASON.outbid, minToWin: cpm(2) });
    expect(auction(2, [2.00011])).toEqual({ won: false, reason: 102, minToWin: cpm(2.001) });
    expect(auction(0.99, [])).toEqual({ won: false, reason: LOSS_REASON.belowFloor, minToWin: cpm(1) });
  });

  test('first price pays our bid, rounded down to the exchange’s decimals', () => {
    const won = runAuction({ bid: cpm(4.1234), floor: cpm(1), competitors: [cpm(3)], at: 1, decimals: 3 });
    expect(won).toEqual({ won: true, price: cpm(4.123) });
    const four = runAuction({ bid: cpm(4.1234), floor: cpm(1), competitors: [cpm(3)], at: 1, decimals: 4 });
    expect(four).toEqual({ won: true, price: cpm(4.1234) });
  });

  test('the price on the grid is never above the bid, whatever the draws', () => {
    const rng = rngOf(7);
    for (let i = 0; i < 2000; i++) {
      const floor = Math.round(rng() * 300) * 10_000;
      const bid = floor + Math.round(rng() * 3_000_000);
      const competitors = drawCompetitors(rng, floor);
      const outcome = runAuction({ bid, floor, competitors, at: 2, decimals: 3 });
      expect(competitors.every((c) => c >= floor)).toBe(true);
      if (outcome.won) {
        expect(outcome.price).toBeLessThanOrEqual(bid);
        expect(outcome.price).toBeGreaterThanOrEqual(floor);
        expect(outcome.price % 1000).toBe(0);
      } else expect(outcome.minToWin).toBeGreaterThanOrEqual(bid);
    }
  });

  test('other bidders: about three, lognormal around the floor, the same for the same seed', () => {
    const a = Array.from({ length: 3000 }, (_, i) => drawCompetitors(rngOf(i), 1_000_000));
    const b = Array.from({ length: 3000 }, (_, i) => drawCompetitors(rngOf(i), 1_000_000));
    expect(b).toEqual(a);
    const all = a.flat();
    expect(all.length / a.length).toBeGreaterThan(2.2);
    expect(all.length / a.length).toBeLessThan(3.2);
    const sorted = [...all].sort((x, y) => x - y);
    const median = sorted[Math.floor(sorted.length / 2)];
    expect(median).toBeGreaterThan(1_300_000);
    expect(median).toBeLessThan(1_700_000);
  });
});

describe('notice macros', () => {
  test('the clearing price replaces the price macro as written; nothing else of the URL changes', () => {
    const burl = `https://x.test/rtb/bill?d=a%2Bb&s=c_-d&p=${RTB_MACROS.price}`;
    expect(fillMacros(burl, { price: priceText(3_210_000, 4) })).toBe(
      'https://x.test/rtb/bill?d=a%2Bb&s=c_-d&p=3.2100',
    );
  });

  test('a loss fills the price to beat and the reason; macros without a value stay', () => {
    const bidIdMacro = `\${AUCTION_BID_ID}`;
    const lurl = `https://x.test/rtb/loss?d=x&p=${RTB_MACROS.minToWin}&r=${RTB_MACROS.loss}&id=\${AUCTION_ID}&z=${bidIdMacro}`;
    expect(fillMacros(lurl, { minToWin: '2.001', loss: '102', auctionId: 'req-1' })).toBe(
      `https://x.test/rtb/loss?d=x&p=2.001&r=102&id=req-1&z=${bidIdMacro}`,
    );
  });

  test('prices are written with the exchange’s decimals (at most six)', () => {
    expect(priceText(3_200_000, 3)).toBe('3.200');
    expect(priceText(1_234_567, 6)).toBe('1.234567');
    expect(priceText(1_234_567, 9)).toBe('1.234567');
    expect(priceText(500_000, 2)).toBe('0.50');
  });
});
