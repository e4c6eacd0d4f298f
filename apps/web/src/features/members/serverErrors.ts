import { ApiError } from '../../api/client';
import { translateKey } from '../../i18n';

/**
 * Where a failed form request's message belongs: the fields of a 400's `data.fields` (`body.emails.0` →
 * `emails`) that the form has, else any other business error (ALREADY_MEMBER, PARTNER_INVALID, 409) on
 * `fallback` (if any). Network and permission errors are toasted by the client and return nothing.
 */
export function formErrors<const K extends string>(
  error: unknown,
  known: readonly K[],
  fallback: K | null,
): { name: K; errors: string[] }[] {
  if (!(error instanceof ApiError) || error.kind !== 'business') return [];
  const fields = (error.data as { fields?: { path: string; message: string }[] } | null)?.fields ?? [];
  const mapped = fields
    .map((f) => ({ name: f.path.replace(/^body\./, '').split('.')[0] as K, message: f.message }))
    .filter((f) => known.includes(f.name));
  if (mapped.length > 0) {
    const byName = new Map<K, string[]>();
    for (const f of mapped) byName.set(f.name, [...(byName.get(f.name) ?? []), translateKey(f.message)]);
    return [...byName].map(([name, errors]) => ({ name, errors }));
  }
  return fallback === null ? [] : [{ name: fallback, errors: [error.message] }];
}
