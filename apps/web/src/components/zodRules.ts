import { fieldMessage, fieldMessageText, type IssueLike, isMessageKey } from '@scaler/domain';
import type { FormRule } from 'antd';
import { translateKey } from '../i18n';

/** What the rules need of a zod schema (structural, so the console does not depend on zod itself). */
export interface SafeParser {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: (IssueLike & { path: PropertyKey[] })[] } };
}

/**
 * The translated message of a domain zod issue, by the same mapping as the server's 400 answers
 * (`fieldMessage`: a value not among an enum's says so, a size limit names the limit, zod's English
 * defaults become our keys). A console-only key a form's schema sets is kept as well.
 */
export function issueText(issue: IssueLike, value: unknown): string {
  const mapped = fieldMessage(issue, value);
  const consoleKey = !isMessageKey(issue.message) && translateKey(issue.message) !== issue.message;
  if (consoleKey && mapped.message !== 'validation.not_allowed') return translateKey(issue.message);
  return fieldMessageText(mapped, translateKey);
}

/** The first issue of field `name` in a parse of the whole form, translated; undefined when it is valid. */
function fieldIssue(schema: SafeParser, values: Record<string, unknown>, name: string): string | undefined {
  const result = schema.safeParse(values);
  if (result.success) return undefined;
  const issue = result.error.issues.find((i) => i.path.map(String).join('.') === name);
  return issue ? issueText(issue, values[name]) : undefined;
}

/**
 * An antd rule that validates field `name` with the form's domain schema (the same one the server
 * uses), so cross-field refinements such as "confirm equals password" apply as well.
 */
export function zodRule(schema: SafeParser, name: string): FormRule {
  return (form) => ({
    validator: async () => {
      const message = fieldIssue(schema, form.getFieldsValue(true) as Record<string, unknown>, name);
      if (message) throw new Error(message);
    },
  });
}

/** Rules for every listed field of a schema. */
export function zodRules<K extends string>(schema: SafeParser, names: readonly K[]): Record<K, FormRule[]> {
  return Object.fromEntries(names.map((n) => [n, [zodRule(schema, n)]])) as Record<K, FormRule[]>;
}

/**
 * The same check for a form without antd's Form (the login page's): the translated message of each
 * listed field that has one.
 */
export function zodFieldErrors<K extends string>(
  schema: SafeParser,
  values: Record<K, unknown>,
  names: readonly K[],
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const name of names) {
    const message = fieldIssue(schema, values, name);
    if (message) out[name] = message;
  }
  return out;
}
