import { z } from 'zod';

/**
 * The e-mail check of spec 5: local part, at sign, and a domain of dot-separated labels whose last
 * label has 2 to 4 characters.
 */
export const EMAIL_RE = /^[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,4}$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_RE.test(value);
}

/** A list is valid only if it is non-empty and every item is valid. */
export function isValidEmailList(values: readonly string[]): boolean {
  return values.length > 0 && values.every(isValidEmail);
}

/** Zod rule with the shared message key; e-mails are compared lower-cased. */
export const ZEmail = z.string().trim().toLowerCase().refine(isValidEmail, { message: 'validation.email' });

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const ZPassword = z
  .string({ error: 'validation.password_required' })
  .min(1, { message: 'validation.password_required' })
  .min(PASSWORD_MIN, { message: 'validation.password_length' })
  .max(PASSWORD_MAX, { message: 'validation.password_length' });

/**
 * Publisher-id style lists (spec 5): one per line or comma separated; duplicates are flagged
 * so the form can ask "duplicates exist please confirm".
 */
export function parseIdList(text: string): { items: string[]; duplicates: string[] } {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  const items: string[] = [];
  for (const raw of text.split(/[\n,]/)) {
    const item = raw.trim();
    if (!item) continue;
    if (seen.has(item)) duplicates.add(item);
    else {
      seen.add(item);
      items.push(item);
    }
  }
  return { items, duplicates: [...duplicates] };
}
