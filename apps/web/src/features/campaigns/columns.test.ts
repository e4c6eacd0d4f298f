import { beforeEach, describe, expect, test } from 'vitest';
import {
  columnsOf,
  defaultWidth,
  eventsOf,
  formatValue,
  isMetric,
  loadLayout,
  loadVisible,
  moveColumn,
  NAME_WIDTH,
  placeColumn,
  STATUS_WIDTH,
  saveLayout,
  saveVisible,
} from './columns';

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

  test('metrics first: at every level the shown columns start with eight metrics or more, settings after them', () => {
    for (const level of ['campaign', 'adgroup', 'creative'] as const) {
      for (const fee of [false, true]) {
        const shown = columnsOf(level, fee).filter((c) => c.defaultVisible);
        const firstSetting = shown.findIndex((c) => !isMetric(c));
        expect(firstSetting).toBeGreaterThanOrEqual(8);
        expect(shown.slice(firstSetting).every((c) => !isMetric(c))).toBe(true);
      }
    }
    // What fits: selection, name, status and eight metrics in the 1,170 px a 1440 px screen leaves.
    const metrics = columnsOf('creative', false).filter((c) => c.defaultVisible && isMetric(c));
    const width =
      40 + NAME_WIDTH + STATUS_WIDTH + metrics.slice(0, 8).reduce((w, c) => w + defaultWidth(c), 0);
    expect(width).toBeLessThanOrEqual(1170);
  });

  test('the choice is kept per user and level; the events asked for follow the visible columns', () => {
    const cols = columnsOf('campaign', false);
    saveVisible('u1', 'campaign', new Set(['gmv', 'purchase_pv', 'purchase_uv_cpa', 'nope']));
    const visible = loadVisible('u1', 'campaign', cols);
    expect([...visible]).toEqual(['gmv', 'purchase_pv', 'purchase_uv_cpa']);
    expect(loadVisible('u2', 'campaign', cols).has('impression')).toBe(true);
    expect(eventsOf(cols, visible)).toEqual(['purchase']);
  });

  test('order and widths are kept per user and level, cleaned when read', () => {
    const cols = columnsOf('campaign', false);
    const keys = [...new Set(cols.map((c) => c.key))];
    const visible = new Set(['gmv', 'impression', 'clicks']);
    const moved = moveColumn(keys, visible, 'clicks', -1);
    expect(moved.filter((k) => visible.has(k))).toEqual(['gmv', 'clicks', 'impression']);
    expect(moveColumn(keys, visible, 'gmv', -1)).toEqual(keys);
    expect(placeColumn(keys, 'gmv', 'clicks', 'after').slice(0, 3)).toEqual(['impression', 'clicks', 'gmv']);
    saveLayout('u1', 'campaign', {
      order: ['nope', ...moved.filter((k) => k !== 'ctr')],
      widths: { gmv: 150, name: 5, status: 9999, nope: 100, clicks: Number.NaN },
    });
    const layout = loadLayout('u1', 'campaign', cols);
    // Unknown keys dropped; a column the stored order lacks comes back after its default predecessor.
    expect(layout.order).toHaveLength(keys.length);
    expect(layout.order.indexOf('ctr')).toBe(layout.order.indexOf('clicks') + 1);
    expect(layout.order.indexOf('clicks')).toBeLessThan(layout.order.indexOf('impression'));
    expect(layout.widths).toEqual({ gmv: 150, name: 60, status: 600 });
    expect(loadLayout('u2', 'campaign', cols)).toEqual({ order: keys, widths: {} });
    expect(loadLayout('u1', 'adgroup', columnsOf('adgroup', false)).widths).toEqual({});
  });

  test('formats of spec 9', () => {
    expect(formatValue('money', 1234.5, 'en-US')).toBe('$1,234.50');
    expect(formatValue('money', 0.12345, 'en-US')).toBe('$0.1235');
    expect(formatValue('percent', 0.012345, 'en-US')).toBe('1.23%');
    expect(formatValue('count', 12345, 'en-US')).toBe('12,345');
    expect(formatValue('money', null, 'en-US')).toBe('—');
  });
});
