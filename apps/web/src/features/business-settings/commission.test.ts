import type { TBusinessCenterInfo } from '@scaler/domain';
import dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import {
  commissionExample,
  commissionFormValues,
  formatCents,
  isValidPercent,
  percentToRate,
  rateToPercent,
  toCommissionRequest,
} from './commission';

describe('commission percentage', () => {
  test('converts between percent and the API fraction without float noise', () => {
    expect(percentToRate(7.25)).toBe(0.0725);
    expect(percentToRate(100)).toBe(1);
    expect(rateToPercent(0.0725)).toBe(7.25);
    expect(rateToPercent(0.07)).toBe(7);
  });

  test('accepts 0-100 with up to two decimals', () => {
    expect(isValidPercent(0)).toBe(true);
    expect(isValidPercent(12.34)).toBe(true);
    expect(isValidPercent(100)).toBe(true);
    expect(isValidPercent(100.01)).toBe(false);
    expect(isValidPercent(-1)).toBe(false);
    expect(isValidPercent(1.234)).toBe(false);
    expect(isValidPercent(null)).toBe(false);
  });
});

describe('commission request', () => {
  test('maps the form to ZCommissionRequest', () => {
    const time = dayjs('2026-03-01T08:00:00Z');
    expect(
      toCommissionRequest({ show_commission: true, use_commission: false, percent: 5, effective_time: time }),
    ).toEqual({
      show_commission: true,
      use_commission: false,
      commission_rate: 0.05,
      effective_time: '2026-03-01T08:00:00.000Z',
    });
  });

  test('prefills from the business info', () => {
    const values = commissionFormValues({
      show_commission: true,
      use_commission: true,
      commission_rate: 0.1,
      effective_time: null,
    } as TBusinessCenterInfo);
    expect(values.percent).toBe(10);
    expect(values.effective_time).toBeNull();
  });
});

describe('commission example', () => {
  test('shows cost and cost including the fee as money', () => {
    expect(commissionExample(7.25)).toEqual({ cost: '$100.00', withFee: '$107.25' });
    expect(commissionExample(null).withFee).toBe('$100.00');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
  });
});
