import { ApiError } from '../../api/client';
import { translateKey } from '../../i18n';

export interface FormFieldError {
  name: (string | number)[];
  errors: string[];
}

/**
 * A 400's `data.fields` (`[{path, message}]`, path like `body.adv_name` or `body.license_files.0`) as
 * antd `form.setFields` entries, for fields the form has. Messages arrive translated; keys are translated.
 */
export function serverFieldErrors(error: unknown, known?: readonly string[]): FormFieldError[] {
  if (!(error instanceof ApiError)) return [];
  const fields = (error.data as { fields?: { path: string; message: string }[] } | null)?.fields ?? [];
  return fields
    .map((f) => ({ name: f.path.replace(/^body\./, '').split('.')[0], message: f.message }))
    .filter((f) => f.name !== '' && (!known || known.includes(f.name)))
    .map((f) => ({ name: [f.name], errors: [translateKey(f.message)] }));
}
