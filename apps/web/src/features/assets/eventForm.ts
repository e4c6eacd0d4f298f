import {
  CUSTOM_EVENT_TYPE,
  ERROR_CODES,
  EVENT_KIND,
  eventIdKey,
  isReservedEventId,
  isValidEventId,
  type TAssetEvent,
} from '@scaler/domain';
import { ApiError } from '../../api/client';
import { translateKey } from '../../i18n';

/** A custom event as the editor holds it. */
export interface CustomEventValue {
  event_id: string;
  event_name: string;
  /** `custom`, or the standard type it is filed under in reports. */
  event_type: string;
}

/** The events editor's value: standard event types, then custom events. */
export interface EventFormValue {
  standard: string[];
  custom: CustomEventValue[];
}

/** What the event lists of the requests take, before the domain schema checks it. */
export type EventInput =
  | { type: typeof EVENT_KIND.standard; event_type: string }
  | ({ type: typeof EVENT_KIND.custom } & CustomEventValue);

const EVENT_ID_TAKEN_CODE = ERROR_CODES.EVENT_ID_TAKEN.code;

export const emptyCustomEvent = (): CustomEventValue => ({
  event_id: '',
  event_name: '',
  event_type: CUSTOM_EVENT_TYPE,
});

/** The editor's value of an asset's events (as the detail calls answer them). */
export function toEventForm(events: readonly TAssetEvent[]): EventFormValue {
  return {
    standard: events.filter((e) => e.type === EVENT_KIND.standard).map((e) => e.event_type),
    custom: events
      .filter((e) => e.type === EVENT_KIND.custom)
      .map((e) => ({ event_id: e.event_id, event_name: e.event_name, event_type: e.event_type })),
  };
}

/** The request's event list: standard events first, then custom ones, trimmed. */
export function toEventInputs(value: EventFormValue): EventInput[] {
  return [
    ...value.standard.map((event_type) => ({ type: EVENT_KIND.standard, event_type })),
    ...value.custom.map((c) => ({
      type: EVENT_KIND.custom,
      event_id: c.event_id.trim(),
      event_name: c.event_name.trim(),
      event_type: c.event_type || CUSTOM_EVENT_TYPE,
    })),
  ];
}

/**
 * The message key of a custom event id's problem, or null: the rules of the domain schema (format,
 * not a standard event, no duplicate within the list), so the editor says it before the server does.
 */
export function customEventIdProblem(
  eventId: string,
  others: readonly string[],
):
  | 'validation.required'
  | 'validation.event_id'
  | 'validation.event_id_standard'
  | 'validation.duplicates'
  | null {
  const id = eventId.trim();
  if (id === '') return 'validation.required';
  if (!isValidEventId(id)) return 'validation.event_id';
  if (isReservedEventId(id)) return 'validation.event_id_standard';
  if (others.some((o) => eventIdKey(o.trim()) === eventIdKey(id))) return 'validation.duplicates';
  return null;
}

export type EventFieldName = ['standard'] | ['custom', number, keyof CustomEventValue];
export interface EventFieldError {
  name: EventFieldName;
  errors: string[];
}

interface FieldMessage {
  path: string;
  message: string;
}

/**
 * Field messages (`[{path, message}]`: a 400's `data.fields` or the domain schema's issues) on the event
 * list at `prefix` as editor fields: `<prefix>.<i>.<field>` (index `i` of the request list, standard
 * events first) or `<prefix>` itself (missing standard events).
 */
export function eventFieldMessages(
  fields: readonly FieldMessage[],
  value: EventFormValue,
  prefix: string,
): EventFieldError[] {
  const out: EventFieldError[] = [];
  const itemRe = new RegExp(`^${prefix.replaceAll('.', '\\.')}\\.(\\d+)(?:\\.(\\w+))?$`);
  for (const f of fields) {
    const errors = [translateKey(f.message)];
    const match = itemRe.exec(f.path);
    if (f.path === prefix || (match && Number(match[1]) < value.standard.length)) {
      out.push({ name: ['standard'], errors });
    } else if (match) {
      const field = match[2] === 'event_name' || match[2] === 'event_type' ? match[2] : 'event_id';
      out.push({ name: ['custom', Number(match[1]) - value.standard.length, field], errors });
    }
  }
  return out;
}

/**
 * Where a failed save's message belongs in the editor: a 400's fields on `<prefix>` (see
 * `eventFieldMessages`), and EVENT_ID_TAKEN (10402) on the custom event of that id. Otherwise nothing.
 */
export function eventFieldErrors(
  error: unknown,
  value: EventFormValue,
  prefix = 'body.events',
): EventFieldError[] {
  if (!(error instanceof ApiError) || error.kind !== 'business') return [];
  if (error.code === EVENT_ID_TAKEN_CODE) {
    const taken = (error.data as { event_id?: string } | null)?.event_id ?? '';
    const index = value.custom.findIndex((c) => eventIdKey(c.event_id.trim()) === eventIdKey(taken));
    return index < 0 ? [] : [{ name: ['custom', index, 'event_id'], errors: [error.message] }];
  }
  const fields = (error.data as { fields?: FieldMessage[] } | null)?.fields ?? [];
  return eventFieldMessages(fields, value, prefix);
}
