import { describe, expect, test } from 'vitest';
import { diffRows, formatValue } from './activityDiff';

describe('diffRows', () => {
  test('lines up keys of both sides and flags the changed ones', () => {
    const rows = diffRows(
      { org_role: 'org_user', name: 'Sam', gone: 1 },
      { org_role: 'org_admin', name: 'Sam', advs: [{ adv_id: 1 }] },
    );
    expect(rows).toEqual([
      { key: 'org_role', before: 'org_user', after: 'org_admin', changed: true },
      { key: 'name', before: 'Sam', after: 'Sam', changed: false },
      { key: 'advs', before: '', after: '[{"adv_id":1}]', changed: true },
      { key: 'gone', before: '1', after: '', changed: true },
    ]);
  });
  test('a missing side is empty', () => {
    expect(diffRows(null, { a: null })).toEqual([{ key: 'a', before: '', after: 'null', changed: true }]);
    expect(diffRows(null, null)).toEqual([]);
  });
});

test('formatValue keeps strings and writes the rest as JSON', () => {
  expect(formatValue('x')).toBe('x');
  expect(formatValue(0.05)).toBe('0.05');
  expect(formatValue(false)).toBe('false');
  expect(formatValue(undefined)).toBe('');
});
