import { describe, expect, test } from 'vitest';
import { MONEY_LIMITS, ZBidAmount, ZBudgetAmount } from './campaigns';

describe('an amount edited alone (the lists’ inline edits) follows the forms’ rule', () => {
  test('a budget under the minimum is refused, not clamped; too many decimals are refused, not rounded', () => {
    const issue = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
      r.success ? null : r.error?.issues[0].message;
    expect(issue(ZBudgetAmount.safeParse({ value: 0.5 }))).toBe('validation.money_range');
    expect(issue(ZBudgetAmount.safeParse({ value: MONEY_LIMITS.maxBudget + 1 }))).toBe(
      'validation.money_range',
    );
    expect(issue(ZBudgetAmount.safeParse({ value: 1.00001 }))).toBe('validation.money_decimals');
    expect(ZBudgetAmount.safeParse({ value: 1 }).success).toBe(true);
    expect(issue(ZBidAmount.safeParse({ value: 0.001 }))).toBe('validation.money_range');
    expect(ZBidAmount.safeParse({ value: 0.0123 }).success).toBe(true);
    expect(issue(ZBidAmount.safeParse({ value: null }))).toBe('validation.money');
  });
});
