import { ApiError } from '../api/client';
import { translateKey } from '../i18n';

/**
 * The field errors of a refused form request (a 400's `data.fields`, `body.password` → `password`) for
 * antd's `form.setFields`, limited to the fields the form has. Empty for any other error.
 */
export function serverFieldErrors<const K extends string>(
  error: unknown,
  known: readonly K[],
): { name: K; errors: string[] }[] {
  if (!(error instanceof ApiError) || error.kind !== 'business') return [];
  const fields = (error.data as { fields?: { path: string; message: string }[] } | null)?.fields ?? [];
  return fields
    .map((f) => ({ name: f.path.replace(/^body\./, '').split('.')[0] as K, message: f.message }))
    .filter((f) => known.includes(f.name))
    .map((f) => ({ name: f.name, errors: [translateKey(f.message)] }));
}
