import * as z from 'zod/mini';
import { isMessageKey, type MessageKey } from './errors';
import { listEntries } from './text';

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
export const ZEmail = z
  .string()
  .check(z.trim(), z.toLowerCase(), z.refine(isValidEmail, { message: 'validation.email' }));

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const ZPassword = z
  .string({ error: 'validation.password_required' })
  .check(
    z.minLength(1, { message: 'validation.password_required' }),
    z.minLength(PASSWORD_MIN, { message: 'validation.password_length' }),
    z.maxLength(PASSWORD_MAX, { message: 'validation.password_length' }),
  );

/**
 * Publisher-id style lists (spec 5): one per line or comma separated; duplicates are flagged
 * so the form can ask "duplicates exist please confirm".
 */
export function parseIdList(text: string): { items: string[]; duplicates: string[] } {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  const items: string[] = [];
  for (const item of listEntries(text, '\n,')) {
    if (seen.has(item)) duplicates.add(item);
    else {
      seen.add(item);
      items.push(item);
    }
  }
  return { items, duplicates: [...duplicates] };
}

/** The largest value of an `integer` column (ids of centers, accounts, invitations, notices ...). */
export const INT32_MAX = 2_147_483_647;

/** A database id in a JSON body: a whole number from 1 to 2^31 - 1 (larger ones are "invalid", not a fault). */
export const ZId = z.int().check(z.gte(1), z.lte(INT32_MAX));

/** The same id from a path or query parameter (a string of digits). */
export const ZIdParam = z.coerce.number().check(z.int(), z.gte(1), z.lte(INT32_MAX));

/**
 * A day that exists on the calendar, as `YYYY-MM-DD` (zod's ISO date knows month lengths and leap years,
 * so `2026-02-31` is refused), from year 1 on as PostgreSQL's `date` wants. Empty is "required".
 */
export const ZCalendarDate = z.iso
  .date({ error: (issue) => (issue.input === '' ? 'validation.required' : 'validation.date') })
  .check(z.refine((d) => !d.startsWith('0000'), { message: 'validation.date' }));

/** What the message mapping needs of a zod issue (structural, so the console need not import zod). */
export interface IssueLike {
  code?: string;
  message: string;
  origin?: string;
  values?: readonly unknown[];
  errors?: readonly (readonly IssueLike[])[];
  /** `too_big`: the limit; `inclusive` false when the value must stay below it. */
  maximum?: number | bigint;
  /** `too_small`: the limit; `inclusive` false when the value must stay above it. */
  minimum?: number | bigint;
  inclusive?: boolean;
  /** A length that must be exactly the limit (`z.length(n)`). */
  exact?: boolean;
  /** Where the issue is; its last named segment picks the noun of a count ("5 dimensions"). */
  path?: readonly PropertyKey[];
}

export interface FieldMessage {
  message: MessageKey;
  params?: Record<string, string>;
  /**
   * The noun a count message names (`validation.at_most`: "At most {{max}} {{what}}."), a message key
   * itself, translated into the same language before it fills `{{what}}` (`fieldMessageText`).
   */
  what?: MessageKey;
}

const isBlank = (input: unknown) => input === undefined || input === null || input === '';

/** The allowed values of an enum or literal issue, or of a union whose every branch is one. */
function allowedValues(issue: IssueLike): unknown[] | null {
  if (issue.code === 'invalid_value' && issue.values) return [...issue.values];
  if (issue.code === 'invalid_union' && issue.errors?.length) {
    const branches = issue.errors.map((branch) => (branch.length === 1 ? allowedValues(branch[0]) : null));
    if (branches.every((b) => b !== null)) return branches.flat();
  }
  return null;
}

const MAX_LISTED = 12;

/** At most this many characters of a caller's value are repeated in an error (its message or data). */
export const ECHO_MAX_CHARS = 200;

/**
 * A caller's value as an error may quote it: up to `ECHO_MAX_CHARS` characters, then an ellipsis (never
 * cutting a surrogate pair in two). A 1 MB value is refused with a few hundred bytes, not with itself.
 */
export function echoValue(value: string, max: number = ECHO_MAX_CHARS): string {
  if (value.length <= max) return value;
  const end = /[\uD800-\uDBFF]/.test(value[max - 1]) ? max - 1 : max;
  return `${value.slice(0, end)}…`;
}

/** Every string inside an error's parameters or data (objects and arrays, any depth), cut by `echoValue`. */
export function echoAll<T>(value: T): T {
  if (typeof value === 'string') return echoValue(value) as T;
  if (Array.isArray(value)) return value.map((item) => echoAll(item)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [echoValue(k), echoAll(v)])) as T;
  }
  return value;
}

/**
 * The noun of a counted field, by its name (the last named segment of the issue's path) and what is
 * counted (`origin`): "At most 5 dimensions", "At most 5,000 rows per page". Any other list counts
 * "items", any string "characters"; a number without a noun says "Must be at most 100".
 */
const FIELD_NOUNS: Partial<Record<string, Partial<Record<string, MessageKey>>>> = {
  array: {
    dimensions: 'validation.what_dimensions',
    campaign_ids: 'validation.what_campaigns',
    adgroup_ids: 'validation.what_adgroups',
    creative_ids: 'validation.what_creatives',
    ids: 'validation.what_ids',
    countries: 'validation.what_countries',
    events: 'validation.what_events',
    event_ids: 'validation.what_events',
    event_filter: 'validation.what_events',
    hours: 'validation.what_hours',
    bundles: 'validation.what_publishers',
    license_files: 'validation.what_files',
    emails: 'validation.what_emails',
    materials: 'validation.what_materials',
    audience_include: 'validation.what_audiences',
    audience_exclude: 'validation.what_audiences',
    app_ids: 'validation.what_apps',
    pixel_ids: 'validation.what_pixels',
    status: 'validation.what_statuses',
  },
  number: { page_size: 'validation.what_rows_per_page' },
};

/** Generic nouns, with their singular for a limit of 1 ("At most 1 item"). */
const GENERIC_NOUNS: Partial<Record<string, { one: MessageKey; other: MessageKey }>> = {
  array: { one: 'validation.what_items_one', other: 'validation.what_items' },
  set: { one: 'validation.what_items_one', other: 'validation.what_items' },
  string: { one: 'validation.what_characters_one', other: 'validation.what_characters' },
};

/** A limit as people read it: thousands separated ("5,000"), the same in both languages. */
export function formatLimit(value: number | bigint): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 }).format(value);
}

function fieldName(path: readonly PropertyKey[] | undefined): string | undefined {
  const named = path?.filter((p): p is string => typeof p === 'string' && !/^\d+$/.test(p));
  return named?.[named.length - 1];
}

/**
 * The message of a size limit (zod's `too_big` / `too_small`): numbers say their bound, lists, sets and
 * strings how many items or characters they may have, with the limit written out. Null for limits of
 * other things (dates, files), which stay "invalid".
 */
function limitMessage(issue: IssueLike): FieldMessage | null {
  const big = issue.code === 'too_big';
  const limit = big ? issue.maximum : issue.minimum;
  if ((!big && issue.code !== 'too_small') || limit === undefined || !issue.origin) return null;
  const shown = formatLimit(limit);
  const origin = issue.origin === 'bigint' ? 'number' : issue.origin;
  const noun = FIELD_NOUNS[origin]?.[fieldName(issue.path) ?? ''];
  // A number names its noun only as a ceiling ("At most 5,000 rows per page"; "Must be at least 1").
  if (origin === 'number' && (!noun || !big)) {
    const inclusive = issue.inclusive !== false;
    if (big)
      return {
        message: inclusive ? 'validation.number_max' : 'validation.number_below',
        params: { max: shown },
      };
    return {
      message: inclusive ? 'validation.number_min' : 'validation.number_above',
      params: { min: shown },
    };
  }
  const generic = GENERIC_NOUNS[origin];
  if (!noun && !generic) return null;
  const what = Number(limit) === 1 && generic ? generic.one : (noun ?? generic?.other);
  if (!what) return null;
  if (issue.exact) return { message: 'validation.exactly', params: { count: shown }, what };
  return big
    ? { message: 'validation.at_most', params: { max: shown }, what }
    : { message: 'validation.at_least', params: { min: shown }, what };
}

/** Keys that say only that something is wrong: a limit's own message says more. */
const VAGUE_KEYS: readonly string[] = ['validation.too_long', 'validation.invalid'];

/**
 * The one mapping from a zod issue to the message a user sees, for the server's 400 answers and the
 * console's forms alike: a value given but not among an enum's (or literal union's) values says so and
 * lists them; a missing value is "required"; a schema's own message key is kept; a size limit (too big,
 * too small, too many, too few, too long, too short) names the limit, whatever the field; zod's other
 * English defaults become "invalid".
 */
export function fieldMessage(issue: IssueLike, input: unknown): FieldMessage {
  const allowed = allowedValues(issue);
  if (allowed && !isBlank(input)) {
    const shown = allowed.slice(0, MAX_LISTED).map(String);
    if (allowed.length > MAX_LISTED) shown.push('…');
    return { message: 'validation.not_allowed', params: { values: echoValue(shown.join(', ')) } };
  }
  const own = isMessageKey(issue.message) ? issue.message : null;
  if (own && !VAGUE_KEYS.includes(own)) return { message: own };
  if (isBlank(input)) return { message: 'validation.required' };
  return limitMessage(issue) ?? { message: own ?? 'validation.invalid' };
}

/**
 * A field message in a language, its noun (`what`) translated first. `translate` is the caller's: the
 * domain's for the server, i18next's for the console.
 */
export function fieldMessageText(
  m: FieldMessage,
  translate: (key: string, params?: Record<string, string>) => string,
): string {
  return translate(m.message, m.what ? { ...m.params, what: translate(m.what) } : m.params);
}
