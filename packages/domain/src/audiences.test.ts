import { describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import {
  AUDIENCE_MIN_SIZE,
  AUDIENCE_UPLOAD_MAX_IDS,
  adGroupAudienceStatus,
  audienceStatusOf,
  countDeviceIdEntries,
  deviceIdStepEnd,
  isValidDeviceId,
  newDeviceIdScan,
  parseDeviceIds,
  scanDeviceIds,
  ZAudienceInput,
  ZCheckAudienceRequest,
} from './audiences';

const A = '6d92078a-8246-4ba4-ae5b-76104861e7dc';
const B = 'EA7583CD-A667-48BC-B806-42ECB2B48606';

describe('device id lists', () => {
  test('one per line or comma separated; ids are upper-cased and kept once, case-insensitively', () => {
    const parsed = parseDeviceIds(`${A}\n${B}, ${A.toUpperCase()}\r\n\n"${B.toLowerCase()}"`);
    expect(parsed.valid).toEqual([A.toUpperCase(), B]);
    expect(parsed.duplicates).toBe(2);
    expect(parsed.invalid).toBe(0);
  });

  test('a CSV header, the all-zero id and malformed ids are invalid, with samples', () => {
    const parsed = parseDeviceIds(
      `idfa\n${A}\n00000000-0000-0000-0000-000000000000\n6d92078a82464ba4ae5b76104861e7dc\n${A}x`,
    );
    expect(parsed.valid).toEqual([A.toUpperCase()]);
    expect(parsed.invalid).toBe(4);
    expect(parsed.invalidSamples[0]).toBe('idfa');
  });

  test('quotes around an entry go, quotes inside stay; a megabyte of quotes answers at once', () => {
    expect(parseDeviceIds(`'"${A}"'`).valid).toEqual([A.toUpperCase()]);
    expect(parseDeviceIds(`${A.slice(0, 8)}"${A.slice(9)}`).invalid).toBe(1);
    // Before issue 17 a run of 100,000 quotes took 16 s (a pattern that tried every start of the run), so a
    // megabyte took minutes; the 100 ms budget is `linear-parsers.test.ts`'s (best of three).
    const start = performance.now();
    const parsed = parseDeviceIds(`x${'"'.repeat(1 << 20)}x`);
    expect(performance.now() - start).toBeLessThan(1_000);
    expect(parsed.invalid).toBe(1);
    expect(parsed.invalidSamples[0]).toHaveLength(64);
  });

  test('scanned in steps that end at separators, a list parses as in one piece; repeats across steps count once', () => {
    const text = `${A}\n${B}\n"${A.toLowerCase()}"\nnope\n${B}`;
    const whole = parseDeviceIds(text);
    const scan = newDeviceIdScan();
    for (let from = 0; from < text.length; ) {
      const to = deviceIdStepEnd(text, from + 5);
      scanDeviceIds(text, from, to, scan);
      from = to + 1;
    }
    const { seen: _, ...stepped } = scan;
    expect(stepped).toEqual(whole);
    expect(whole).toMatchObject({ valid: [A.toUpperCase(), B], duplicates: 2, invalid: 1 });
  });

  test('the schema counts entries without copying them, and tells repeats apart only past the limit', () => {
    expect(countDeviceIdEntries(`${A}\n'${A}'\n00000000-0000-0000-0000-000000000000\nx`, 10)).toBe(2);
    // Stops counting past the limit.
    expect(countDeviceIdEntries(`${A}\n`.repeat(50), 3)).toBe(4);
    const ok = z.safeParse(ZAudienceInput, { name: 'List', source_type: 2, device_ids: `${A}\n${A}` });
    expect(ok.success).toBe(true);
    const none = z.safeParse(ZAudienceInput, { name: 'List', source_type: 2, device_ids: 'idfa\nnope' });
    expect(none.success).toBe(false);
  });

  test('blank input has nothing', () => {
    expect(parseDeviceIds(' \n , \n')).toEqual({ valid: [], duplicates: 0, invalid: 0, invalidSamples: [] });
    expect(isValidDeviceId(B)).toBe(true);
    expect(isValidDeviceId('not-an-id')).toBe(false);
  });
});

describe('statuses', () => {
  test('spec 4: none without members, not valid when too small, in effect from the minimum', () => {
    expect(audienceStatusOf(0)).toBe(0);
    expect(audienceStatusOf(AUDIENCE_MIN_SIZE - 1)).toBe(3);
    expect(audienceStatusOf(AUDIENCE_MIN_SIZE)).toBe(2);
  });

  test('an ad group: 0 without audiences, 3 when one cannot work, 1 while building, else 2', () => {
    expect(adGroupAudienceStatus([])).toBe(0);
    expect(adGroupAudienceStatus([2, 3, 1])).toBe(3);
    expect(adGroupAudienceStatus([2, 0])).toBe(3);
    expect(adGroupAudienceStatus([2, 1])).toBe(1);
    expect(adGroupAudienceStatus([2, 2])).toBe(2);
  });
});

const issues = (schema: z.ZodMiniType, value: unknown) => {
  const res = z.safeParse(schema, value);
  return res.success ? [] : res.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('payloads', () => {
  const events = {
    name: 'Buyers',
    source_type: 1,
    app_id: 'a'.repeat(24),
    event_ids: ['purchase'],
    lookback_days: 30,
  };

  test('an events audience needs one asset, 1 to 20 distinct events and 1 to 180 days', () => {
    expect(issues(ZAudienceInput, events)).toEqual([]);
    expect(issues(ZAudienceInput, { ...events, pixel_id: 'b'.repeat(24) })).toEqual([
      'app_id: validation.audience_asset',
    ]);
    expect(issues(ZAudienceInput, { ...events, app_id: null })).toEqual([
      'app_id: validation.audience_asset',
    ]);
    expect(issues(ZAudienceInput, { ...events, event_ids: [] })).toEqual([
      'event_ids: validation.audience_events',
    ]);
    expect(issues(ZAudienceInput, { ...events, event_ids: ['a', 'a'] })).toEqual([
      'event_ids: validation.duplicates',
    ]);
    expect(issues(ZAudienceInput, { ...events, lookback_days: 181 })).toEqual([
      'lookback_days: validation.audience_lookback',
    ]);
  });

  test('an upload needs a valid id to create; an edit may leave the list empty', () => {
    const upload = { name: 'CRM', source_type: 2, device_ids: `${A}\nnope` };
    expect(issues(ZAudienceInput, upload)).toEqual([]);
    expect(issues(ZAudienceInput, { ...upload, device_ids: 'nope' })).toEqual([
      'device_ids: validation.audience_no_ids',
    ]);
    expect(issues(ZAudienceInput, { ...upload, device_ids: '', audience_id: 5 })).toEqual([]);
    expect(issues(ZAudienceInput, { ...upload, device_ids: 'nope', audience_id: 5 })).toEqual([
      'device_ids: validation.audience_no_ids',
    ]);
  });

  test('an upload of more ids than allowed is refused', () => {
    const many = Array.from({ length: AUDIENCE_UPLOAD_MAX_IDS + 1 }, (_, i) => {
      const hex = i.toString(16).padStart(12, '0');
      return `00000000-0000-4000-8000-${hex}`;
    }).join('\n');
    expect(issues(ZAudienceInput, { name: 'Big', source_type: 2, device_ids: many })).toEqual([
      'device_ids: validation.audience_too_many_ids',
    ]);
  });

  test('check/audience refuses an audience both included and excluded', () => {
    expect(issues(ZCheckAudienceRequest, { audience_include: [1, 2], audience_exclude: [3] })).toEqual([]);
    expect(issues(ZCheckAudienceRequest, { audience_include: [1, 2], audience_exclude: [2] })).toEqual([
      'audience_exclude: validation.audience_both',
    ]);
  });
});
