import { describe, expect, it } from 'vitest';
import { readViewerState, writeViewerState } from './viewerState';

describe('creative viewer URL state', () => {
  it('reads the filters and ignores invalid ones', () => {
    expect(readViewerState('?q=%20sale%20&type=video&review=2&page=3')).toEqual({
      q: 'sale',
      type: 'video',
      review: 2,
      page: 3,
    });
    expect(readViewerState('?type=gif&review=9&page=0')).toEqual({
      q: '',
      type: null,
      review: null,
      page: 1,
    });
  });

  it('keeps the account and goes back to page 1 when a filter changes', () => {
    const next = writeViewerState('?org=1&adv=2&page=4', { type: 'html' });
    const p = new URLSearchParams(next);
    expect(p.get('adv')).toBe('2');
    expect(p.get('type')).toBe('html');
    expect(p.get('page')).toBeNull();
    expect(new URLSearchParams(writeViewerState(next, { page: 2 })).get('page')).toBe('2');
    expect(writeViewerState(next, { type: null })).toBe('?org=1&adv=2');
  });
});
