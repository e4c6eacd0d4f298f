import type { TCommissionSetting, TMarkup } from '@scaler/domain';

/** A fraction as a percentage: 0.125 → "12.5%" (four decimals of the fraction kept). */
export const percentOf = (fraction: number) => `${Math.round(fraction * 1_000_000) / 10_000}%`;

/** The instant the versions began with (the settings as they stood then): shown as "from the start". */
export const isFromTheStart = (effectiveAt: string) => Date.parse(effectiveAt) <= 0;

type T = (key: string, options?: Record<string, unknown>) => string;

/** A markup version in words: "10% · 2026-01-01 – 2026-02-01", or "No markup". */
export function markupText(m: TMarkup | null, t: T): string {
  if (!m) return t('markup.none');
  return `${percentOf(m.ratio)} · ${m.start_date} – ${m.end_date ?? t('markup.no_end')}`;
}

/** A commission version in words: "5% · shown", "5% · hidden". */
export function commissionText(c: TCommissionSetting | null, t: T): string {
  if (!c) return '—';
  return `${percentOf(c.commission_rate)} · ${t(c.show_commission ? 'commission.history.shown' : 'commission.history.hidden')}`;
}
