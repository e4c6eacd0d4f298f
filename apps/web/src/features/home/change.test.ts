import { describe, expect, it } from 'vitest';
import { changeOf } from './change';

describe('change against the period before', () => {
  it('is a fraction of the previous figure; nothing to compare with 0 before', () => {
    expect(changeOf(150, 100)).toBe(0.5);
    expect(changeOf(50, 100)).toBe(-0.5);
    expect(changeOf(0, 0)).toBe(0);
    expect(changeOf(5, 0)).toBeNull();
  });
});
