import { expect, test } from 'vitest';
import { sumDecimals } from './decimal';

test('sums decimal strings exactly, with four decimals', () => {
  expect(sumDecimals([])).toBe('0.0000');
  expect(sumDecimals(['0.1', '0.2'])).toBe('0.3000');
  expect(sumDecimals(['19.99', '0.01', '1000000000000.0001'])).toBe('1000000000020.0001');
  expect(sumDecimals(['-1.5', '1'])).toBe('-0.5000');
  expect(() => sumDecimals(['1e3'])).toThrow();
});
