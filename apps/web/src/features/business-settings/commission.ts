import {
  gmvFee,
  type TBusinessCenterInfo,
  type TCommissionRequest,
  ZCommissionRequest,
} from '@scaler/domain';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';

/** The commission card's form: the rate as a percentage (0-100, two decimals). */
export interface CommissionFormValues {
  show_commission: boolean;
  use_commission: boolean;
  percent: number | null;
  effective_time: Dayjs | null;
}

/** 7.25 (%) → 0.0725, rounded to the API's four decimals. */
export function percentToRate(percent: number): number {
  return Math.round(percent * 100) / 10000;
}

export function rateToPercent(rate: number): number {
  return Math.round(rate * 10000) / 100;
}

/** Whether a percentage is a valid rate for the shared schema (0-100%, at most two decimals). */
export function isValidPercent(percent: number | null | undefined): boolean {
  if (percent === null || percent === undefined || Number.isNaN(percent)) return false;
  if (Math.abs(percent * 100 - Math.round(percent * 100)) > 1e-6) return false;
  return ZCommissionRequest.shape.commission_rate.safeParse(percentToRate(percent)).success;
}

export function commissionFormValues(info: TBusinessCenterInfo): CommissionFormValues {
  return {
    show_commission: info.show_commission,
    use_commission: info.use_commission,
    percent: rateToPercent(info.commission_rate),
    effective_time: info.effective_time ? dayjs(info.effective_time) : null,
  };
}

export function toCommissionRequest(values: CommissionFormValues): TCommissionRequest {
  return ZCommissionRequest.parse({
    show_commission: values.show_commission,
    use_commission: values.use_commission,
    commission_rate: percentToRate(values.percent ?? 0),
    effective_time: values.effective_time ? values.effective_time.toISOString() : null,
  });
}

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money as $0,0.00 from cents. */
export function formatCents(cents: number): string {
  return `$${money.format(cents / 100)}`;
}

/** The live example: a cost of $100.00 and the cost including the fee (gmv_fee) at this percentage. */
export function commissionExample(percent: number | null, costCents = 10_000) {
  const rate = isValidPercent(percent) ? percentToRate(percent ?? 0) : 0;
  return { cost: formatCents(costCents), withFee: formatCents(gmvFee(costCents, rate)) };
}
