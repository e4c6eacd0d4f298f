import { describe, expect, test } from 'vitest';
import { amountIssue, creditLineIssue, groupDigits, isNegative, moneyText, sumAmounts } from './money';

describe('groupDigits', () => {
  test('groups thousands and keeps the sign and decimals as the API gives them', () => {
    expect(groupDigits('0.00')).toBe('0.00');
    expect(groupDigits('999.5')).toBe('999.5');
    expect(groupDigits('1000')).toBe('1,000');
    expect(groupDigits('1234567.123456')).toBe('1,234,567.123456');
    expect(groupDigits('-100000.25')).toBe('-100,000.25');
    expect(groupDigits('n/a')).toBe('n/a');
    expect(moneyText('1250.50', 'USD')).toBe('1,250.50 USD');
  });

  test('a negative amount is one below zero', () => {
    expect(isNegative('-0.01')).toBe(true);
    expect(isNegative('-0.00')).toBe(false);
    expect(isNegative('5')).toBe(false);
  });
});

describe('sumAmounts', () => {
  test('adds exactly, in the decimals of the currency', () => {
    expect(sumAmounts(['0.10', '0.20'], 'USD')).toBe('0.30');
    expect(sumAmounts(['12.5', '7.25', '100'], 'USD')).toBe('119.75');
    expect(sumAmounts(['1000', '250'], 'JPY')).toBe('1250');
    expect(sumAmounts(['99999999999.99', '0.01'], 'USD')).toBe('100000000000.00');
    expect(sumAmounts(['-5', '1.5'], 'EUR')).toBe('-3.50');
  });

  test('what is not an amount (yet) counts as zero', () => {
    expect(sumAmounts(['', 'abc', '2'], 'USD')).toBe('2.00');
    expect(sumAmounts([], 'USD')).toBe('0.00');
  });
});

describe('amountIssue', () => {
  test("names the broken rule of the domain with the currency's decimals", () => {
    expect(amountIssue('12.50', 'USD')).toBeNull();
    expect(amountIssue(' 12.50 ', 'USD')).toBeNull();
    expect(amountIssue('1.001', 'USD')).toEqual({
      key: 'finance.amount_decimals',
      params: { currency: 'USD', decimals: 2 },
    });
    expect(amountIssue('1.5', 'JPY')?.params).toEqual({ currency: 'JPY', decimals: 0 });
    expect(amountIssue('0', 'USD')?.key).toBe('finance.amount_positive');
    expect(amountIssue('', 'USD')?.key).toBe('validation.money');
  });

  test('a credit line may be zero', () => {
    expect(creditLineIssue('0', 'USD')).toBeNull();
    expect(creditLineIssue('0.00', 'USD')).toBeNull();
    expect(creditLineIssue('100', 'USD')).toBeNull();
    expect(creditLineIssue('1.001', 'USD')?.key).toBe('finance.amount_decimals');
    expect(creditLineIssue('-1', 'USD')?.key).toBe('validation.money');
  });
});
