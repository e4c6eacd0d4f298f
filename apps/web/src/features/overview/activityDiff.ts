export interface DiffRow {
  key: string;
  before: string;
  after: string;
  changed: boolean;
}

/** A value of the log as text: strings as they are, everything else as compact JSON; absent is empty. */
export function formatValue(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Before and after side by side, key by key (after's order, then keys only before had). */
export function diffRows(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): DiffRow[] {
  const b = before ?? {};
  const a = after ?? {};
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.map((key) => {
    const left = formatValue(b[key]);
    const right = formatValue(a[key]);
    return { key, before: left, after: right, changed: key in b !== key in a || left !== right };
  });
}
