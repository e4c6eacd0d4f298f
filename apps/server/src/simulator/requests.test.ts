import { describe, expect, test } from 'vitest';
import { parseNativeRequest } from '../modules/delivery/markup';
import { countryOf, osOf, ZBidRequest } from '../modules/delivery/openrtb';
import { childOf, cumulative, pickWeighted, rngOf } from './random';
import { bidRequest } from './requests';
import { bundlesOf, COUNTRIES, makeUsers, PUBLISHERS, pickFormat, pickPublisher, pickUser } from './supply';

/** The first `n` requests of a seed, drawn as the simulator draws them. */
function requests(seed: number, n: number, currency = 'USD') {
  const rng = rngOf(seed);
  const users = makeUsers(rng, 2000);
  const cum = cumulative(COUNTRIES, (c) => c.weight);
  return Array.from({ length: n }, () => {
    const user = pickUser(rng, pickWeighted(rng, users, cum));
    const publisher = pickPublisher(rng, user.os);
    const format = pickFormat(rng, publisher);
    const req = bidRequest(rng, user, publisher, format, { currency, at: 2, tmax: 120 });
    childOf(rng);
    return { ...req, user, publisher };
  });
}

describe('the synthetic supply', () => {
  test('the same seed sends the same requests; another seed others', () => {
    const a = requests(42, 300).map((r) => r.body);
    expect(requests(42, 300).map((r) => r.body)).toEqual(a);
    expect(requests(43, 300).map((r) => r.body)).not.toEqual(a);
  });

  test('every request is one the bidder accepts, for the user’s OS and country', () => {
    for (const r of requests(1, 500)) {
      const parsed = ZBidRequest.safeParse(r.body);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      const body = parsed.data;
      expect(body?.imp).toHaveLength(1);
      expect(osOf(body?.device?.os)).toBe(r.user.os);
      expect(countryOf(body?.device?.geo?.country)).toBe(r.user.country.code);
      expect(body?.app?.bundle).toBe(r.publisher.bundle);
      expect(body).toMatchObject({ at: 2, tmax: 120, cur: ['USD'] });
      expect(body?.imp[0].bidfloorcur).toBe('USD');
    }
  });

  test('floors 0.2–3.0 CPM in USD, in the exchange’s currency elsewhere', () => {
    const floors = requests(2, 1000).map((r) => r.floor);
    expect(Math.min(...floors)).toBeGreaterThanOrEqual(200_000);
    expect(Math.max(...floors)).toBeLessThanOrEqual(3_000_000);
    expect(floors.every((f) => f % 10_000 === 0)).toBe(true);
    const yen = requests(2, 50, 'JPY').map((r) => r.floor);
    expect(Math.min(...yen)).toBeGreaterThanOrEqual(30_000_000);
  });

  test('formats: banners, interstitials, Native 1.2 with its five assets, VAST video', () => {
    const imps = requests(3, 2000).map((r) => ({
      format: r.format,
      imp: (r.body.imp as Record<string, never>[])[0],
    }));
    const of = (f: string) =>
      imps.filter((i) => i.format === f).map((i) => i.imp as Record<string, Record<string, unknown>>);
    expect(of('banner')[0].banner).toMatchObject({ w: 320, h: 50 });
    expect(of('mrec')[0].banner).toMatchObject({ w: 300, h: 250 });
    expect(of('interstitial')[0]).toMatchObject({ instl: 1, banner: { w: 320, h: 480 } });
    const video = of('video')[0].video;
    expect(video).toMatchObject({ mimes: ['video/mp4'], minduration: 5 });
    expect([30, 60]).toContain(video.maxduration);
    const asks = parseNativeRequest(of('native')[0].native.request);
    expect(asks?.map((a) => a.kind)).toEqual(['title', 'main', 'icon', 'desc', 'cta']);
    expect(asks?.[1]).toMatchObject({ w: 1200, h: 627, required: true });
  });

  test('some requests carry blocks; a few users limit ad tracking', () => {
    const all = requests(4, 3000);
    const share = (pred: (b: Record<string, unknown>) => boolean) =>
      all.filter((r) => pred(r.body)).length / all.length;
    expect(share((b) => Array.isArray(b.bcat))).toBeGreaterThan(0.15);
    expect(share((b) => Array.isArray(b.badv))).toBeGreaterThan(0.01);
    expect(share((b) => Array.isArray(b.bapp))).toBeGreaterThan(0.005);
    const users = makeUsers(rngOf(5), 20_000).flat();
    const lmt = users.filter((u) => u.lmt);
    expect(lmt.length / users.length).toBeGreaterThan(0.01);
    expect(lmt.length / users.length).toBeLessThan(0.06);
    expect(lmt.every((u) => u.ifa === '00000000-0000-0000-0000-000000000000')).toBe(true);
    expect(new Set(users.map((u) => u.ifa)).size).toBeGreaterThan(users.length - lmt.length - 1);
  });

  test('40 publisher apps: Android packages and numeric App Store ids, traffic falling with rank', () => {
    expect(PUBLISHERS).toHaveLength(40);
    expect(bundlesOf(2).every((b) => /^com\.[a-z]+\.[a-z]+$/.test(b))).toBe(true);
    expect(bundlesOf(1).every((b) => /^\d{10}$/.test(b))).toBe(true);
    const rng = rngOf(9);
    const counts = new Map<string, number>();
    for (let i = 0; i < 20_000; i++) {
      const p = pickPublisher(rng, 2);
      counts.set(p.bundle, (counts.get(p.bundle) ?? 0) + 1);
    }
    const ranked = [...counts.values()].sort((a, b) => b - a);
    expect(ranked[0] / 20_000).toBeGreaterThan(0.2);
    expect(ranked[ranked.length - 1] / 20_000).toBeLessThan(0.03);
  });
});
