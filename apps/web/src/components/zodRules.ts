import { fieldMessage, type IssueLike } from '@scaler/domain';
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
 * (`fieldMessage`: a value not among an enum's says so, zod's English defaults become our keys). A
 * console-only key a form's schema sets is kept as well.
 */
function issueText(issue: IssueLike, value: unknown): string {
  const { message, params } = fieldMessage(issue, value);
  if (message !== 'validation.not_allowed' && translateKey(issue.message) !== issue.message) {
    return translateKey(issue.message);
  }
  return translateKey(message, params);
}

/**
 * An antd rule that validates field `name` with the form's domain schema (the same one the server
 * uses), so cross-field refinements such as "confirm equals password" apply as well.
 */
export function zodRule(schema: SafeParser, name: string): FormRule {
  return (form) => ({
    validator: async () => {
      const values = form.getFieldsValue(true) as Record<string, unknown>;
      const result = schema.safeParse(values);
      if (result.success) return;
      const issue = result.error.issues.find((i) => i.path.map(String).join('.') === name);
      if (issue) throw new Error(issueText(issue, values[name]));
    },
  });
}

/** Rules for every listed field of a schema. */
export function zodRules<K extends string>(schema: SafeParser, names: readonly K[]): Record<K, FormRule[]> {
  return Object.fromEntries(names.map((n) => [n, [zodRule(schema, n)]])) as Record<K, FormRule[]>;
}
