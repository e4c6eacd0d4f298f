import type { TLiveEvent } from '@scaler/domain';
import { describe, expect, test } from 'vitest';
import { laterCursor, mergeLiveEvents, newestLiveId } from './liveEvents';

const live = (id: string, accepted = true): TLiveEvent => ({
  id,
  received_at: '2026-01-01T00:00:00.000Z',
  source: 'pixel',
  accepted,
  reason: accepted ? null : 'unknown_event',
  message: accepted ? null : 'tracking.unknown_event_pixel',
  params: accepted ? {} : { event: 'Purchase' },
  event: 'Purchase',
  event_id: accepted ? 'purchase' : null,
  value: null,
  currency: null,
  click_id: null,
  detail: null,
});

describe('mergeLiveEvents', () => {
  test('new events go on top, newest first, by numeric id', () => {
    const shown = [live('10'), live('9')];
    const merged = mergeLiveEvents(shown, [live('100'), live('11')]);
    expect(merged.map((e) => e.id)).toEqual(['100', '11', '10', '9']);
    expect(newestLiveId(merged)).toBe('100');
  });

  test('an event answered twice is listed once', () => {
    expect(mergeLiveEvents([live('5')], [live('5'), live('6')]).map((e) => e.id)).toEqual(['6', '5']);
  });

  test('keeps only the last 50', () => {
    const shown = Array.from({ length: 50 }, (_, i) => live(String(50 - i)));
    const merged = mergeLiveEvents(shown, [live('51'), live('52')]);
    expect(merged).toHaveLength(50);
    expect(merged[0]?.id).toBe('52');
    expect(merged.at(-1)?.id).toBe('3');
  });

  test('ids beyond the safe integer range still order correctly', () => {
    const merged = mergeLiveEvents([live('9007199254740993')], [live('9007199254740995')]);
    expect(merged.map((e) => e.id)).toEqual(['9007199254740995', '9007199254740993']);
    expect(newestLiveId([])).toBeUndefined();
  });
});

test('the cursor is the later of the one kept and the newest row', () => {
  expect(laterCursor(undefined, undefined)).toBeUndefined();
  expect(laterCursor('9', undefined)).toBe('9');
  expect(laterCursor(undefined, '12')).toBe('12');
  expect(laterCursor('100', '99')).toBe('100');
});
