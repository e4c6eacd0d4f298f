/**
 * The money view as spans of time (decisions 7): markup and commission are versioned by effective
 * time, and each account-local day uses the version in force that day. A version made at instant t is
 * in force from the first account-local day that starts at or after t (the day in progress keeps the
 * version it started with) until the next version's first day. The settings become spans of instants
 * (from the start of a local day to the start of another) with the fraction added to cost there:
 * cost × (1 + ratio). Money stays exact: ratios are decimal strings, combined in integers.
 */

/** How an account counts its days: where a local day starts, and the local day of an instant. */
export interface AccountDays {
  dayStart(day: string): Date;
  localDate(at: Date): string;
}

/** A stretch of time [from, to) (to null: for good) in which cost is multiplied by 1 + ratio. */
export interface Span {
  from: Date;
  to: Date | null;
  /** Decimal string, e.g. `0.1000`; never zero. */
  ratio: string;
}

/** The two ways cost is shown: `cost` (the markup of the Advertiser view) and `gmv_fee` (null: not shown). */
export interface MoneyView {
  cost: Span[];
  fee: Span[] | null;
}

export const NO_MONEY_VIEW: MoneyView = { cost: [], fee: null };

export interface MarkupVersion {
  effectiveAt: Date;
  /** Null: no markup from this version on. */
  ratio: string | null;
  start: string | null;
  end: string | null;
}

export interface CommissionVersion {
  effectiveAt: Date;
  /** The rate charged from this version on (0 when the center does not show commission). */
  rate: string;
}

const DAY = 86_400_000;
const SCALE = 8;
const ONE = 10n ** BigInt(SCALE);

function scaled(v: string): bigint {
  const neg = v.startsWith('-');
  const [int, frac = ''] = (neg ? v.slice(1) : v).split('.');
  const n = BigInt(int || '0') * ONE + BigInt((frac + '0'.repeat(SCALE)).slice(0, SCALE) || '0');
  return neg ? -n : n;
}

function unscaled(n: bigint): string {
  const neg = n < 0n;
  const abs = neg ? -n : n;
  const frac = (abs % ONE).toString().padStart(SCALE, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${abs / ONE}${frac ? `.${frac}` : ''}`;
}

/** `1 + ratio` as a decimal string. */
export const factorOf = (ratio: string): string => unscaled(ONE + scaled(ratio));

const isZero = (ratio: string | null) => ratio === null || scaled(ratio) === 0n;

function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
}

/** The first local day that starts at or after `at`. */
export function firstDayFrom(at: Date, days: AccountDays): string {
  const d = days.localDate(at);
  return days.dayStart(d).getTime() < at.getTime() ? addDays(d, 1) : d;
}

/**
 * Each version with the local days it is in force: [first, next) (next null: still in force). Versions
 * come in the order they were made; a later one replaces every day from its first day on, also a
 * version made earlier that was to take effect later (a commission's effective time in the future).
 */
function inForce<V extends { effectiveAt: Date }>(versions: V[], days: AccountDays) {
  const out: { v: V; first: string; next: string | null }[] = [];
  for (const v of versions) {
    const first = firstDayFrom(v.effectiveAt, days);
    while (out.length > 0 && out[out.length - 1].first >= first) out.pop();
    if (out.length > 0) out[out.length - 1].next = first;
    out.push({ v, first, next: null });
  }
  return out;
}

/** Local days [a, b] (b null: for good) as instants. */
const span = (a: string, b: string | null, ratio: string, days: AccountDays): Span => ({
  from: days.dayStart(a),
  to: b === null ? null : days.dayStart(addDays(b, 1)),
  ratio,
});

/** The markup's spans: each version's window, within the days it is in force. */
export function markupSpans(versions: MarkupVersion[], days: AccountDays): Span[] {
  const out: Span[] = [];
  for (const { v, first, next } of inForce(versions, days)) {
    if (isZero(v.ratio) || v.start === null) continue;
    const a = [v.start, first].sort()[1];
    const lastInForce = next === null ? null : addDays(next, -1);
    const ends = [v.end, lastInForce].filter((d): d is string => d !== null).sort();
    const b = ends.length > 0 ? ends[0] : null;
    if (b !== null && b < a) continue;
    out.push(span(a, b, v.ratio as string, days));
  }
  return out;
}

/** The commission's spans: each version's rate over the days it is in force. */
export function commissionSpans(versions: CommissionVersion[], days: AccountDays): Span[] {
  return inForce(versions, days)
    .filter(({ v }) => !isZero(v.rate))
    .map(({ v, first, next }) => span(first, next === null ? null : addDays(next, -1), v.rate, days));
}

const end = (s: Span) => (s.to === null ? Number.POSITIVE_INFINITY : s.to.getTime());

function ratioAt(spans: Span[], t: number): bigint {
  const s = spans.find((x) => x.from.getTime() <= t && t < end(x));
  return s ? scaled(s.ratio) : 0n;
}

/** Spans of (1 + a)(1 + b) − 1: cost with both applied (`gmv_fee` over marked-up cost). */
export function combine(a: Span[], b: Span[]): Span[] {
  const cuts = [...new Set([...a, ...b].flatMap((s) => [s.from.getTime(), end(s)]))]
    .filter((t) => Number.isFinite(t))
    .sort((x, y) => x - y);
  const out: Span[] = [];
  cuts.forEach((t, i) => {
    const ra = ratioAt(a, t);
    const rb = ratioAt(b, t);
    const r = ra + rb + (ra * rb) / ONE;
    if (r === 0n) return;
    const to = i + 1 < cuts.length ? new Date(cuts[i + 1]) : null;
    const last = out[out.length - 1];
    if (last && last.to?.getTime() === t && scaled(last.ratio) === r) last.to = to;
    else out.push({ from: new Date(t), to, ratio: unscaled(r) });
  });
  return out;
}

/** The UTC days [first, afterLast) wholly inside a span (`YYYY-MM-DD`), or null when none. */
export function wholeUtcDays(s: Span): { first: string; afterLast: string | null } | null {
  const first = Math.ceil(s.from.getTime() / DAY) * DAY;
  if (s.to === null) return { first: new Date(first).toISOString().slice(0, 10), afterLast: null };
  const afterLast = Math.floor(s.to.getTime() / DAY) * DAY;
  if (afterLast <= first) return null;
  return {
    first: new Date(first).toISOString().slice(0, 10),
    afterLast: new Date(afterLast).toISOString().slice(0, 10),
  };
}

/**
 * The hours of a span inside UTC days it only partly covers (a non-UTC account's local midnight falls
 * inside a UTC day): read from the hourly facts, since a daily row cannot be split.
 */
export function partialHours(s: Span): { from: Date; to: Date }[] {
  const from = s.from.getTime();
  const to = end(s);
  const firstWhole = Math.ceil(from / DAY) * DAY;
  if (to <= firstWhole) return [{ from: s.from, to: new Date(to) }];
  const out: { from: Date; to: Date }[] = [];
  if (firstWhole > from) out.push({ from: s.from, to: new Date(firstWhole) });
  if (Number.isFinite(to)) {
    const lastWhole = Math.floor(to / DAY) * DAY;
    if (lastWhole < to) out.push({ from: new Date(lastWhole), to: new Date(to) });
  }
  return out;
}
