import type { DateRange } from '../assets/api';

const DAY_MS = 86_400_000;

/**
 * The last day of the home page's default range: yesterday. Today is not over, and a partial day
 * compared with full days before it would pull every change down; the page says so.
 */
export function homeDefaultEnd(today: string): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/** What the page says about a range: up to yesterday (the default), or it holds today's partial day. */
export function rangeNote(range: DateRange, today: string): 'to_yesterday' | 'partial_today' | null {
  if (range.end_date >= today) return 'partial_today';
  return range.end_date === homeDefaultEnd(today) ? 'to_yesterday' : null;
}
