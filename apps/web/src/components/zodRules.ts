import type { FormRule } from 'antd';
import { translateKey } from '../i18n';

/** What the rules need of a zod schema (structural, so the console does not depend on zod itself). */
export interface SafeParser {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** The translated message of a domain zod issue; zod's own English fallbacks become our keys. */
function issueText(message: string, value: unknown): string {
  const translated = translateKey(message);
  if (translated !== message) return translated;
  return translateKey(isEmpty(value) ? 'validation.required' : 'validation.invalid');
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
      if (issue) throw new Error(issueText(issue.message, values[name]));
    },
  });
}

/** Rules for every listed field of a schema. */
export function zodRules<K extends string>(schema: SafeParser, names: readonly K[]): Record<K, FormRule[]> {
  return Object.fromEntries(names.map((n) => [n, [zodRule(schema, n)]])) as Record<K, FormRule[]>;
}
