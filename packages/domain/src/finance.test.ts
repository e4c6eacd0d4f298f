import { describe, expect, test } from 'vitest';
import { amountProblem } from './finance';

describe('amountProblem', () => {
  test('an amount within its currency rules is fine', () => {
    for (const [amount, currency] of [
      ['1', 'USD'],
      ['0.01', 'USD'],
      ['12.50', 'EUR'],
      ['12.500000', 'USD'],
      ['100000000', 'CNY'],
      ['100000000.00', 'USD'],
      ['5000', 'JPY'],
      ['5000.0', 'JPY'],
    ] as const) {
      expect(amountProblem(amount, currency), `${amount} ${currency}`).toBeNull();
    }
  });

  test('each broken rule names itself', () => {
    expect(amountProblem('0', 'USD')).toBe('finance.amount_positive');
    expect(amountProblem('0.000', 'USD')).toBe('finance.amount_positive');
    expect(amountProblem('1.001', 'USD')).toBe('finance.amount_decimals');
    expect(amountProblem('1.5', 'JPY')).toBe('finance.amount_decimals');
    expect(amountProblem('100000000.01', 'USD')).toBe('finance.amount_ceiling');
    expect(amountProblem('999999999999', 'USD')).toBe('finance.amount_ceiling');
    for (const bad of ['', '-1', '1e3', ' 1', '1.', '.5', '1,000', '0x10', '1.1234567']) {
      expect(amountProblem(bad, 'USD'), bad).toBe('validation.money');
    }
  });
});
