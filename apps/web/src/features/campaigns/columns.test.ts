import { beforeEach, describe, expect, test } from 'vitest';
import { columnsOf, eventsOf, formatValue, loadVisible, saveVisible } from './columns';

describe('perf columns', () => {
  beforeEach(() => localStorage.clear());

  test('event and ROAS columns are hidden by default; gmv_fee only with commission, right after cost', () => {
    const cols = columnsOf('adgroup', true);
    const keys = cols.map((c) => c.key);
    expect(keys[keys.indexOf('gmv') + 1]).toBe('gmv_fee');
    expect(columnsOf('campaign', false).some((c) => c.key === 'gmv_fee')).toBe(false);
    const visible = loadVisible('u1', 'adgroup', cols);
    expect(visible.has('gmv')).toBe(true);
    expect(visible.has('roas7')).toBe(false);
    expect(visible.has('purchase_pv')).toBe(false);
  });

  test('the choice is kept per user and level; the events asked for follow the visible columns', () => {
    const cols = columnsOf('campaign', false);
    saveVisible('u1', 'campaign', new Set(['gmv', 'purchase_pv', 'purchase_uv_cpa', 'nope']));
    const visible = loadVisible('u1', 'campaign', cols);
    expect([...visible]).toEqual(['gmv', 'purchase_pv', 'purchase_uv_cpa']);
    expect(loadVisible('u2', 'campaign', cols).has('impression')).toBe(true);
    expect(eventsOf(cols, visible)).toEqual(['purchase']);
  });

  test('formats of spec 9', () => {
    expect(formatValue('money', 1234.5, 'en-US')).toBe('$1,234.50');
    expect(formatValue('money', 0.12345, 'en-US')).toBe('$0.1235');
    expect(formatValue('percent', 0.012345, 'en-US')).toBe('1.23%');
    expect(formatValue('count', 12345, 'en-US')).toBe('12,345');
    expect(formatValue('money', null, 'en-US')).toBe('—');
  });
});
