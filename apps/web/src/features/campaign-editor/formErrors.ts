import type { FormInstance } from 'antd';
import { ApiError } from '../../api/client';
import { translateKey } from '../../i18n';

interface FieldMessage {
  path: string;
  message: string;
}

/** A form field's errors: `name` is the field path as antd knows it (`['events', 0, 'bid']`). */
export interface FieldErrors {
  name: (string | number)[];
  errors: string[];
}

/**
 * Where messages belong on an editor form: each `body.<path>` (a 400's `data.fields`, or the domain
 * schema's issues checked before sending) on the form field it names, mapped through `rename` for
 * fields the form shows differently (`budget_type` → `budget_kind`). The rest (no field of this form)
 * come back in `other` for the caller to show above the buttons.
 */
export function placeFieldMessages(
  fields: readonly FieldMessage[],
  known: readonly string[],
  rename: Record<string, string> = {},
): { placed: FieldErrors[]; other: string[] } {
  const placed: FieldErrors[] = [];
  const other: string[] = [];
  for (const f of fields) {
    const path = f.path
      .replace(/^body\.?/, '')
      .split('.')
      .filter((p) => p !== '')
      .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    const head = rename[String(path[0])] ?? String(path[0] ?? '');
    const text = translateKey(f.message);
    if (known.includes(head)) placed.push({ name: [head, ...path.slice(1)], errors: [text] });
    else other.push(text);
  }
  return { placed, other };
}

/** The domain schema's issues as field messages, like the server's 400 would give them. */
export const issueMessages = (issues: readonly { path: PropertyKey[]; message: string }[]): FieldMessage[] =>
  issues.map((i) => ({ path: ['body', ...i.path.map(String)].join('.'), message: i.message }));

/** A refused save's field messages; a business error without fields becomes one general message. */
export function serverMessages(error: unknown): { fields: FieldMessage[]; general: string | null } {
  if (!(error instanceof ApiError)) return { fields: [], general: String(error) };
  const fields = (error.data as { fields?: FieldMessage[] } | null)?.fields ?? [];
  return { fields, general: fields.length > 0 ? null : error.message };
}

export function setFormErrors<T>(form: FormInstance<T>, fields: readonly FieldErrors[]): void {
  form.setFields(fields as unknown as Parameters<FormInstance<T>['setFields']>[0]);
  const first = fields[0];
  if (first) form.scrollToField(first.name as Parameters<FormInstance<T>['scrollToField']>[0]);
}

/** The paths a change touched, down to `depth` levels (`events.0.bid`, `materials.image`). */
function changedPaths(value: unknown, prefix: (string | number)[], depth: number): (string | number)[][] {
  const out = prefix.length > 0 ? [prefix] : [];
  if (depth === 0 || value === null || typeof value !== 'object') return out;
  for (const [key, child] of Object.entries(value)) {
    if (child === undefined) continue;
    const name = Array.isArray(value) ? Number(key) : key;
    out.push(...changedPaths(child, [...prefix, name], depth - 1));
  }
  return out;
}

/** A field's message goes once its value changes (the next save checks it again). */
export function clearChangedErrors<T>(form: FormInstance<T>, changed: object): void {
  const names = changedPaths(changed, [], 3);
  if (names.length === 0) return;
  form.setFields(
    names.map((name) => ({ name, errors: [] })) as unknown as Parameters<FormInstance<T>['setFields']>[0],
  );
}

type Issue = { path: PropertyKey[]; message: string };
interface Parser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: Issue[] } };
}

/**
 * Every issue of a body at once: zod checks a schema's cross-field rules only once each field is
 * valid, so the body is checked again with the invalid top-level fields replaced by valid `fillers`,
 * and the rules that fail then are reported with the fields' own messages.
 */
export function allIssues<T>(
  schema: Parser<T>,
  body: Record<string, unknown>,
  fillers: Record<string, unknown>,
): { data: T; issues: [] } | { data: null; issues: Issue[] } {
  const first = schema.safeParse(body);
  if (first.success) return { data: first.data, issues: [] };
  const issues = [...first.error.issues];
  const bad = new Set(issues.map((i) => String(i.path[0])));
  const patched = { ...body };
  let changed = false;
  for (const key of bad) {
    if (key in fillers) {
      patched[key] = fillers[key];
      changed = true;
    }
  }
  if (changed) {
    const second = schema.safeParse(patched);
    if (!second.success) {
      for (const i of second.error.issues) if (!bad.has(String(i.path[0]))) issues.push(i);
    }
  }
  return { data: null, issues };
}
