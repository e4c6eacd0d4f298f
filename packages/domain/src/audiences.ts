import * as z from 'zod/mini';
import { AUDIENCE_STATUS } from './codes';
import { ZId } from './validation';

/**
 * Audiences (issue 9; spec 4 "Audience status", spec 7 `adgroup/check/audience` and
 * `adgroup/audience/status`): people who did some events of one of the account's apps or pixels in the
 * last days, or an uploaded list of device ids. Ad groups include or exclude them by id
 * (`audience_include`, `audience_exclude`). Members are kept only as SHA-256 hashes: of the upper-cased
 * device id (an upload, or an app event that carried an IDFA or GAID), else of the tracking user key,
 * so an uploaded list and an events audience of the same devices overlap.
 */

/** Spec 4: 0 no valid audience (no members), 1 processing, 2 in effect, 3 not valid (too small). */
export type AudienceStatus = (typeof AUDIENCE_STATUS)[keyof typeof AUDIENCE_STATUS];
export const AUDIENCE_STATUSES = [0, 1, 2, 3] as const satisfies readonly AudienceStatus[];

/** Where the members come from: 1 tracking events of an app or pixel, 2 an uploaded device id list. */
export const AUDIENCE_SOURCE = { events: 1, upload: 2 } as const;
export type AudienceSource = (typeof AUDIENCE_SOURCE)[keyof typeof AUDIENCE_SOURCE];

/** Below this many members an audience is not valid (status 3): too small to deliver to. */
export const AUDIENCE_MIN_SIZE = 100;
export const AUDIENCE_LOOKBACK_MAX_DAYS = 180;
export const AUDIENCE_MAX_EVENTS = 20;
/** Device ids one upload may carry (a request of at most `AUDIENCE_UPLOAD_MAX_CHARS`). */
export const AUDIENCE_UPLOAD_MAX_IDS = 200_000;
export const AUDIENCE_UPLOAD_MAX_CHARS = 9 * 1024 * 1024;
/** An events audience older than this is built again when it is read. */
export const AUDIENCE_REFRESH_HOURS = 24;
/** Audiences an ad group may include, and exclude (the same limit as `ZAdGroupInput`). */
export const AUDIENCE_MAX_PER_ADGROUP = 20;

/** The status of a built audience of `size` members. */
export function audienceStatusOf(size: number): AudienceStatus {
  if (size <= 0) return AUDIENCE_STATUS.none;
  return size < AUDIENCE_MIN_SIZE ? AUDIENCE_STATUS.invalid : AUDIENCE_STATUS.inEffect;
}

/**
 * The audience status of an ad group's targeting from its audiences' statuses: 0 when it targets no
 * audience, 3 when one of them is empty or too small (the targeting cannot work as set), else 1 while
 * one is still being built, else 2.
 */
export function adGroupAudienceStatus(statuses: readonly number[]): AudienceStatus {
  if (statuses.length === 0) return AUDIENCE_STATUS.none;
  if (statuses.some((s) => s === AUDIENCE_STATUS.none || s === AUDIENCE_STATUS.invalid)) {
    return AUDIENCE_STATUS.invalid;
  }
  if (statuses.some((s) => s === AUDIENCE_STATUS.processing)) return AUDIENCE_STATUS.processing;
  return AUDIENCE_STATUS.inEffect;
}

/** An IDFA or GAID: a UUID (8-4-4-4-12 hex digits, any case). The all-zero id (tracking off) is none. */
const ZERO_ID = '00000000-0000-0000-0000-000000000000';
const DEVICE_ID_LENGTH = ZERO_ID.length;

const isHex = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

/** Whether the 36 characters of `text` from `at` have the shape of a UUID (by character codes). */
function uuidAt(text: string, at: number): boolean {
  for (let k = 0; k < DEVICE_ID_LENGTH; k++) {
    const c = text.charCodeAt(at + k);
    if (k === 8 || k === 13 || k === 18 || k === 23 ? c !== 45 : !isHex(c)) return false;
  }
  return true;
}

/** Whether the UUID of `text` at `at` is the all-zero id (by character codes: hex digits, dashes). */
function zeroAt(text: string, at: number): boolean {
  for (let k = 0; k < DEVICE_ID_LENGTH; k++) {
    const c = text.charCodeAt(at + k);
    if (c !== 48 && c !== 45) return false;
  }
  return true;
}

export function isValidDeviceId(id: string): boolean {
  return id.length === DEVICE_ID_LENGTH && uuidAt(id, 0) && id !== ZERO_ID;
}

export interface ParsedDeviceIds {
  /** Distinct valid ids, upper-cased, in the order first seen. */
  valid: string[];
  /** Entries that repeat an id seen before (case does not matter). */
  duplicates: number;
  /** Entries that are no device id (a header line, a blank or zero id, anything else). */
  invalid: number;
  /** The first few invalid entries, to show what was wrong. */
  invalidSamples: string[];
}

const SAMPLES = 5;

/** What separates the ids of a list: line breaks, commas (also the full-width one), semicolons, tabs. */
const isSeparator = (c: number) => c === 10 || c === 13 || c === 44 || c === 59 || c === 9 || c === 0xff0c;
/** White space as `String.prototype.trim` knows it. */
const isSpace = (c: number) =>
  c === 32 ||
  (c >= 9 && c <= 13) ||
  c === 0xa0 ||
  c === 0x1680 ||
  (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 ||
  c === 0x2029 ||
  c === 0x202f ||
  c === 0x205f ||
  c === 0x3000 ||
  c === 0xfeff;
const isQuote = (c: number) => c === 34 || c === 39;

/** A parse in progress: what `scanDeviceIds` has found so far. */
export interface DeviceIdScan extends ParsedDeviceIds {
  seen: Set<string>;
}

export const newDeviceIdScan = (): DeviceIdScan => ({
  seen: new Set(),
  valid: [],
  duplicates: 0,
  invalid: 0,
  invalidSamples: [],
});

/**
 * The entries of `text` from `from` up to `to` (the end of the text, or a separator: an entry is never
 * cut) into `scan`. One pass by character codes, no regular expression and no copy of an entry until it
 * is kept: a run of quotes or separators costs its length, not its square (a run of 100,000 quotes took
 * 16 s before issue 17).
 */
export function scanDeviceIds(text: string, from: number, to: number, scan: DeviceIdScan): void {
  let start = from;
  for (let i = from; i <= to; i++) {
    if (i < to && !isSeparator(text.charCodeAt(i))) continue;
    let a = start;
    let b = i;
    start = i + 1;
    while (a < b && isSpace(text.charCodeAt(a))) a++;
    while (b > a && isSpace(text.charCodeAt(b - 1))) b--;
    while (a < b && isQuote(text.charCodeAt(a))) a++;
    while (b > a && isQuote(text.charCodeAt(b - 1))) b--;
    if (a === b) continue;
    if (b - a !== DEVICE_ID_LENGTH || !uuidAt(text, a)) {
      scan.invalid++;
      if (scan.invalidSamples.length < SAMPLES) scan.invalidSamples.push(text.slice(a, Math.min(b, a + 64)));
      continue;
    }
    const id = text.slice(a, b).toUpperCase();
    if (id === ZERO_ID) {
      scan.invalid++;
      if (scan.invalidSamples.length < SAMPLES) scan.invalidSamples.push(id);
    } else if (scan.seen.has(id)) scan.duplicates++;
    else {
      scan.seen.add(id);
      scan.valid.push(id);
    }
  }
}

/** Where a step of a parse may end: the first separator at or after `at`, or the end of the text. */
export function deviceIdStepEnd(text: string, at: number): number {
  let end = Math.min(at, text.length);
  while (end < text.length && !isSeparator(text.charCodeAt(end))) end++;
  return end;
}

/**
 * Parses a pasted or uploaded device id list (a .txt or .csv file): one id per line or separated by
 * commas (also semicolons or tabs); spaces, then quotes, around an entry are ignored. A 7.4 MB list of
 * 200,000 ids takes about a quarter of a second: the server parses in steps (`parseDeviceIdsInSteps`).
 */
export function parseDeviceIds(text: string): ParsedDeviceIds {
  const scan = newDeviceIdScan();
  scanDeviceIds(text, 0, text.length, scan);
  const { seen: _, ...parsed } = scan;
  return parsed;
}

/**
 * How many entries of `text` have the shape of a device id (repeats counted), without copying any, and
 * stopping past `limit`: what the upload schema checks, in a fraction of a full parse.
 */
export function countDeviceIdEntries(text: string, limit: number): number {
  let count = 0;
  let start = 0;
  const n = text.length;
  for (let i = 0; i <= n && count <= limit; i++) {
    if (i < n && !isSeparator(text.charCodeAt(i))) continue;
    let a = start;
    let b = i;
    start = i + 1;
    while (a < b && (isSpace(text.charCodeAt(a)) || isQuote(text.charCodeAt(a)))) a++;
    while (b > a && (isSpace(text.charCodeAt(b - 1)) || isQuote(text.charCodeAt(b - 1)))) b--;
    if (b - a === DEVICE_ID_LENGTH && uuidAt(text, a) && !zeroAt(text, a)) count++;
  }
  return count;
}

const ZAudienceName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { message: 'validation.required' }),
    z.maxLength(100, { message: 'validation.too_long' }),
  );
const ZAssetRef = z._default(z.nullable(z.string().check(z.maxLength(64))), null);

/** `PUT /scaler/v3/audience`, people who did one of the events of an app or a pixel of the account. */
export const ZAudienceFromEvents = z
  .object({
    /** Given: edit that audience (a changed definition builds it again). */
    audience_id: z.optional(ZId),
    name: ZAudienceName,
    source_type: z.literal(AUDIENCE_SOURCE.events),
    app_id: ZAssetRef,
    pixel_id: ZAssetRef,
    event_ids: z
      .array(z.string().check(z.minLength(1), z.maxLength(64)))
      .check(
        z.minLength(1, { message: 'validation.audience_events' }),
        z.maxLength(AUDIENCE_MAX_EVENTS, { message: 'validation.audience_events' }),
      ),
    lookback_days: z
      .int({ error: 'validation.audience_lookback' })
      .check(
        z.gte(1, { message: 'validation.audience_lookback' }),
        z.lte(AUDIENCE_LOOKBACK_MAX_DAYS, { message: 'validation.audience_lookback' }),
      ),
  })
  .check(
    z.refine((a) => !a.app_id !== !a.pixel_id, { message: 'validation.audience_asset', path: ['app_id'] }),
    z.refine((a) => new Set(a.event_ids).size === a.event_ids.length, {
      message: 'validation.duplicates',
      path: ['event_ids'],
    }),
  );
export type TAudienceFromEvents = z.infer<typeof ZAudienceFromEvents>;

/**
 * `PUT /scaler/v3/audience` from a device id list (IDFA or GAID). Invalid and repeated entries are
 * skipped and counted; a new audience needs at least one valid id. Editing with an empty list keeps the
 * members; a list replaces them.
 */
export const ZAudienceFromUpload = z
  .object({
    audience_id: z.optional(ZId),
    name: ZAudienceName,
    source_type: z.literal(AUDIENCE_SOURCE.upload),
    /** The platform of the ids, as the uploader says (1 iOS IDFA, 2 Android GAID). */
    os: z._default(z.nullable(z.union([z.literal(1), z.literal(2)])), null),
    device_ids: z._default(
      z.string().check(z.maxLength(AUDIENCE_UPLOAD_MAX_CHARS, { message: 'validation.too_long' })),
      '',
    ),
  })
  .check(
    z.superRefine((a, ctx) => {
      // Counted without copying an entry; repeats are told apart (a full parse) only past the limit.
      const entries = countDeviceIdEntries(a.device_ids, AUDIENCE_UPLOAD_MAX_IDS);
      if (entries === 0 && (a.audience_id === undefined || a.device_ids.trim() !== '')) {
        ctx.addIssue({ code: 'custom', message: 'validation.audience_no_ids', path: ['device_ids'] });
      }
      if (
        entries > AUDIENCE_UPLOAD_MAX_IDS &&
        parseDeviceIds(a.device_ids).valid.length > AUDIENCE_UPLOAD_MAX_IDS
      ) {
        ctx.addIssue({ code: 'custom', message: 'validation.audience_too_many_ids', path: ['device_ids'] });
      }
    }),
  );
export type TAudienceFromUpload = z.infer<typeof ZAudienceFromUpload>;

/** `PUT /scaler/v3/audience`: create (no `audience_id`) or edit, by its source. */
export const ZAudienceInput = z.discriminatedUnion('source_type', [ZAudienceFromEvents, ZAudienceFromUpload]);
export type TAudienceInput = z.infer<typeof ZAudienceInput>;

/** An audience of the account, as every call answers it. */
export const ZAudience = z.object({
  audience_id: z.int(),
  adv_id: z.int(),
  name: z.string(),
  source_type: z.union([z.literal(1), z.literal(2)]),
  app_id: z.nullable(z.string()),
  pixel_id: z.nullable(z.string()),
  /** The app's or pixel's name (events audiences). */
  asset_name: z.nullable(z.string()),
  event_ids: z.array(z.string()),
  lookback_days: z.nullable(z.int()),
  status: z.int(),
  /** Members (distinct people or devices) when last built. */
  size: z.int(),
  built_time: z.nullable(z.string()),
  /** Why the latest build or upload failed, in the request's language (the members in use stay). */
  build_error: z.nullable(z.string()),
  created_time: z.string(),
  updated_time: z.string(),
});
export type TAudience = z.infer<typeof ZAudience>;

export const ZUploadCounts = z.object({ valid: z.int(), duplicates: z.int(), invalid: z.int() });
export type TUploadCounts = z.infer<typeof ZUploadCounts>;

/** The answer of `PUT /scaler/v3/audience`: the audience, and what an upload's list held. */
export const ZAudienceSaved = z.extend(ZAudience, { upload: z.nullable(ZUploadCounts) });
export type TAudienceSaved = z.infer<typeof ZAudienceSaved>;

/** `GET /scaler/v3/audiences`: a page of the account's audiences, newest first. */
export const ZAudienceListQuery = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  source_type: z.optional(
    z.coerce.number().check(z.refine((s) => s === 1 || s === 2, { message: 'validation.invalid' })),
  ),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
  page_size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(500)), 50),
});
export type TAudienceListQuery = z.infer<typeof ZAudienceListQuery>;
export const ZAudienceList = z.object({ list: z.array(ZAudience), total: z.int() });
export type TAudienceList = z.infer<typeof ZAudienceList>;

/** `DELETE /scaler/v3/audience` and `POST /scaler/v3/audience/refresh`. */
export const ZAudienceIdRequest = z.object({ audience_id: ZId });

const ZAudienceIds = z._default(z.array(ZId).check(z.maxLength(AUDIENCE_MAX_PER_ADGROUP)), []);

/** `POST /scaler/v3/adgroup/check/audience`: the reach of an ad group's audience choice. */
export const ZCheckAudienceRequest = z
  .object({
    audience_include: ZAudienceIds,
    audience_exclude: ZAudienceIds,
    /** The ad group's countries; members carry no country, so they do not change the estimate. */
    countries: z._default(z.array(z.string().check(z.maxLength(2))).check(z.maxLength(250)), []),
  })
  .check(
    z.refine((r) => !r.audience_include.some((a) => r.audience_exclude.includes(a)), {
      message: 'validation.audience_both',
      path: ['audience_exclude'],
    }),
  );
export type TCheckAudienceRequest = z.infer<typeof ZCheckAudienceRequest>;

/**
 * Members of the included audiences (`include`, counted once however many include them), of the
 * excluded ones (`exclude`), and the estimated reach: included members not in any excluded audience.
 * `reach` is null without included audiences (the ad group is not limited to an audience).
 */
export const ZCheckAudienceAnswer = z.object({
  reach: z.nullable(z.int()),
  include: z.int(),
  exclude: z.int(),
});
export type TCheckAudienceAnswer = z.infer<typeof ZCheckAudienceAnswer>;

/** `GET /scaler/v3/adgroup/audience/status?adgroup_id=`. */
export const ZAdGroupAudienceStatus = z.object({
  adgroup_id: z.int(),
  /** `adGroupAudienceStatus` of its audiences. */
  status: z.int(),
  audiences: z.array(
    z.object({
      audience_id: z.int(),
      name: z.string(),
      mode: z.enum(['include', 'exclude']),
      status: z.int(),
      size: z.int(),
    }),
  ),
});
export type TAdGroupAudienceStatus = z.infer<typeof ZAdGroupAudienceStatus>;
