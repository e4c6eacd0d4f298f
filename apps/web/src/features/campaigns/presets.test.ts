import { describe, expect, test } from 'vitest';
import { presetRange } from './presets';

describe('date presets (spec 9)', () => {
  test('each preset ends where it should', () => {
    const today = '2026-03-15';
    expect(presetRange('yesterday', today)).toEqual({ start_date: '2026-03-14', end_date: '2026-03-14' });
    expect(presetRange('last7', today)).toEqual({ start_date: '2026-03-09', end_date: today });
    expect(presetRange('this_month', today)).toEqual({ start_date: '2026-03-01', end_date: today });
    expect(presetRange('last_month', today)).toEqual({ start_date: '2026-02-01', end_date: '2026-02-28' });
    expect(presetRange('last6m', today)).toEqual({ start_date: '2025-10-01', end_date: today });
  });
});
