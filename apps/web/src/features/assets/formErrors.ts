import { ERROR_CODES } from '@scaler/domain';
import type { FormInstance } from 'antd';
import { ApiError } from '../../api/client';
import { translateKey } from '../../i18n';
import { type EventFieldError, type EventFormValue, eventFieldErrors, eventFieldMessages } from './eventForm';

export interface AssetFieldError {
  name: (string | number)[];
  errors: string[];
}

/**
 * Where a failed asset save's message belongs on the form: a 400's `data.fields` on the form's fields
 * (`body.name` → `name`) and on the events editor under `events` (when the form has one),
 * ASSET_EXISTS (10401) on `existsField`, EVENT_ID_TAKEN (10402) on its custom event. Empty when the
 * message has no field: the caller shows it.
 */
export function assetFormErrors(
  error: unknown,
  known: readonly string[],
  options: { existsField?: string; events?: EventFormValue } = {},
): AssetFieldError[] {
  if (!(error instanceof ApiError) || error.kind !== 'business') return [];
  if (error.code === ERROR_CODES.ASSET_EXISTS.code) {
    return options.existsField ? [{ name: [options.existsField], errors: [error.message] }] : [];
  }
  if (error.code === ERROR_CODES.EVENT_ID_TAKEN.code) {
    return options.events ? inEvents(eventFieldErrors(error, options.events)) : [];
  }
  const fields = (error.data as { fields?: FieldMessage[] } | null)?.fields ?? [];
  return fieldErrors(fields, known, options.events);
}

interface FieldMessage {
  path: string;
  message: string;
}

const inEvents = (errors: EventFieldError[]): AssetFieldError[] =>
  errors.map((f) => ({ name: ['events', ...f.name], errors: f.errors }));

function fieldErrors(fields: readonly FieldMessage[], known: readonly string[], events?: EventFormValue) {
  const top = fields
    .map((f) => ({ name: f.path.replace(/^body\./, ''), message: f.message }))
    .filter((f) => known.includes(f.name))
    .map((f) => ({ name: [f.name], errors: [translateKey(f.message)] }));
  return [...top, ...(events ? inEvents(eventFieldMessages(fields, events, 'body.events')) : [])];
}

/** The domain schema's issues (checked before sending) as form fields, like the server's 400. */
export function issueFieldErrors(
  issues: readonly { path: PropertyKey[]; message: string }[],
  known: readonly string[],
  events?: EventFormValue,
): AssetFieldError[] {
  const fields = issues.map((i) => ({ path: ['body', ...i.path.map(String)].join('.'), message: i.message }));
  return fieldErrors(fields, known, events);
}

/** Errors the client did not show because the call was `silent`: business answers and 403s. */
export function unshownError(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  return error.kind === 'business' || error.status === 403 ? error.message : null;
}

/** Puts the errors on the form: their names are paths found at run time, which antd types per form. */
export function setFieldErrors<T>(form: FormInstance<T>, fields: readonly AssetFieldError[]): void {
  form.setFields(fields as unknown as Parameters<FormInstance<T>['setFields']>[0]);
}
