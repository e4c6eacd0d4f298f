import { expect, test } from 'vitest';
import { parseCurrency, parseDecimal, TrackingRejection } from './values';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof TrackingRejection ? error.text.key : String(error);
  }
  return null;
};

test('values are kept as written, as exact decimals', () => {
  expect(parseDecimal('12.50', 'value')).toBe('12.50');
  expect(parseDecimal(19.99, 'value')).toBe('19.99');
  // A float a page computed is rounded to six places; a string must say what it means.
  expect(parseDecimal(0.1 + 0.2, 'value')).toBe('0.3');
  expect(parseDecimal(1e-9, 'value')).toBe('0');
});

test('values within the bounds pass; beyond them each says why', () => {
  expect(parseDecimal('0', 'value')).toBe('0');
  expect(parseDecimal('-0', 'value')).toBe('0');
  expect(parseDecimal('7.100', 'value')).toBe('7.100');
  expect(parseDecimal('10000000000', 'value')).toBe('10000000000');
  expect(parseDecimal('0.000001', 'value')).toBe('0.000001');
  expect(parseDecimal(undefined, 'value')).toBeNull();
  expect(refusal(() => parseDecimal(-1, 'value'))).toBe('tracking.value_negative');
  expect(refusal(() => parseDecimal('-0.5', 'value'))).toBe('tracking.value_negative');
  expect(refusal(() => parseDecimal(-1e30, 'value'))).toBe('tracking.value_negative');
  expect(refusal(() => parseDecimal(1e30, 'value'))).toBe('tracking.value_too_large');
  expect(refusal(() => parseDecimal('10000000000.5', 'value'))).toBe('tracking.value_too_large');
  expect(refusal(() => parseDecimal('0.0000001', 'value'))).toBe('tracking.value_precision');
  expect(refusal(() => parseDecimal(Number.NaN, 'value'))).toBe('tracking.value_not_number');
  expect(refusal(() => parseDecimal('1e3', 'value'))).toBe('tracking.value_not_number');
  expect(refusal(() => parseDecimal('$5', 'value'))).toBe('tracking.value_not_number');
  expect(refusal(() => parseDecimal({ amount: 5 }, 'value'))).toBe('tracking.value_not_number');
});

test('currencies are ISO 4217 codes the runtime knows', () => {
  expect(parseCurrency('usd')).toBe('USD');
  expect(parseCurrency(' EUR ')).toBe('EUR');
  expect(parseCurrency('')).toBeNull();
  expect(refusal(() => parseCurrency('XYZ'))).toBe('tracking.currency_invalid');
  expect(refusal(() => parseCurrency('US'))).toBe('tracking.currency_invalid');
  expect(refusal(() => parseCurrency(840))).toBe('tracking.currency_invalid');
});
