import { type TMarkupRequest, ZMarkupRequest } from '@scaler/domain';
import dayjs, { type Dayjs } from 'dayjs';

export interface MarkupFormValues {
  /** The ratio as a percentage: 12.5 means cost × 1.125. */
  percent: number | null;
  start_date: Dayjs | null;
  end_date: Dayjs | null;
}
export type MarkupField = keyof MarkupFormValues;

export interface Markup {
  ratio: number;
  start_date: string;
  end_date: string | null;
  role: string;
}

const DATE = 'YYYY-MM-DD';

/** The request body before validation: percent → fraction (4 decimals), dates as YYYY-MM-DD. */
export function markupInput(values: MarkupFormValues) {
  return {
    ratio: values.percent === null ? Number.NaN : Math.round(values.percent * 100) / 10000,
    start_date: values.start_date ? values.start_date.format(DATE) : '',
    end_date: values.end_date ? values.end_date.format(DATE) : null,
    role: 'advertiser' as const,
  };
}

const FIELD_OF: Record<string, MarkupField> = {
  ratio: 'percent',
  start_date: 'start_date',
  end_date: 'end_date',
};

/** ZMarkupRequest's issues by form field (message keys), including "end not before start". */
export function markupIssues(values: MarkupFormValues): Partial<Record<MarkupField, string>> {
  const result = ZMarkupRequest.safeParse(markupInput(values));
  if (result.success) return {};
  const out: Partial<Record<MarkupField, string>> = {};
  for (const issue of result.error.issues) {
    const field = FIELD_OF[String(issue.path[0])];
    if (field && !out[field]) {
      out[field] = issue.message.startsWith('validation.') ? issue.message : 'validation.required';
    }
  }
  return out;
}

export function toMarkupRequest(values: MarkupFormValues): TMarkupRequest {
  return ZMarkupRequest.parse(markupInput(values));
}

export function markupFormValues(markup: Markup | null, today: Dayjs = dayjs()): MarkupFormValues {
  if (!markup) return { percent: null, start_date: today.startOf('day'), end_date: null };
  return {
    percent: Math.round(markup.ratio * 10000) / 100,
    start_date: dayjs(markup.start_date),
    end_date: markup.end_date ? dayjs(markup.end_date) : null,
  };
}

export type MarkupPhase = 'scheduled' | 'active' | 'ended';

/** Whether today (YYYY-MM-DD) is before, inside or after the markup window (both ends included). */
export function markupPhase(markup: Pick<Markup, 'start_date' | 'end_date'>, today: string): MarkupPhase {
  if (today < markup.start_date) return 'scheduled';
  if (markup.end_date !== null && today > markup.end_date) return 'ended';
  return 'active';
}

export function formatPercent(ratio: number): string {
  return `${Math.round(ratio * 10000) / 100}%`;
}
