import { MESSAGES_EN_US } from './messages-en-US';

/**
 * The error catalogue (spec 8, decisions 2): one code per failure, each with its HTTP status and the
 * message key the server answers with. Business codes ride on HTTP 200.
 */
export const ERROR_CODES = {
  OK: { code: 0, status: 200, message: 'errors.ok' },
  NOT_LOGGED_IN_ROUTES: { code: -1, status: 200, message: 'errors.unauthenticated' },
  VALIDATION: { code: 40000, status: 400, message: 'errors.validation' },
  UNAUTHENTICATED: { code: 40100, status: 401, message: 'errors.unauthenticated' },
  SESSION_EXPIRED: { code: 40200, status: 402, message: 'errors.session_expired' },
  FORBIDDEN: { code: 40300, status: 403, message: 'errors.forbidden' },
  NOT_FOUND: { code: 40400, status: 404, message: 'errors.not_found' },
  CONFLICT: { code: 40900, status: 409, message: 'errors.item_exists' },
  PAYLOAD_TOO_LARGE: { code: 41300, status: 413, message: 'errors.payload_too_large' },
  RATE_LIMITED: { code: 42900, status: 429, message: 'errors.rate_limited' },
  INTERNAL: { code: 50000, status: 500, message: 'errors.server' },
  UNAVAILABLE: { code: 50300, status: 503, message: 'errors.unavailable' },
  INVALID_CREDENTIALS: { code: 10001, status: 200, message: 'errors.invalid_credentials' },
  EMAIL_NOT_VERIFIED: { code: 10002, status: 200, message: 'errors.email_not_verified' },
  EMAIL_TAKEN: { code: 10003, status: 200, message: 'errors.email_taken' },
  TOKEN_INVALID: { code: 10004, status: 200, message: 'errors.token_invalid' },
  TOKEN_EXPIRED: { code: 10005, status: 200, message: 'errors.token_expired' },
  USER_DISABLED: { code: 10006, status: 200, message: 'errors.user_disabled' },
  ADV_STATUS_ERROR: { code: 10101, status: 200, message: 'errors.adv_status' },
  NO_ADV_FOUND: { code: 10102, status: 200, message: 'errors.no_adv' },
  ORG_NOT_ACTIVE: { code: 10201, status: 200, message: 'errors.org_not_active' },
  LAST_ADMIN: { code: 10202, status: 200, message: 'errors.last_admin' },
  INVITE_EMAIL_MISMATCH: { code: 10203, status: 200, message: 'errors.invite_email_mismatch' },
  ALREADY_MEMBER: { code: 10204, status: 200, message: 'errors.already_member' },
  PARTNER_INVALID: { code: 10205, status: 200, message: 'errors.partner_invalid' },
  ADV_CLOSED: { code: 10103, status: 200, message: 'errors.adv_closed' },
  ADV_TRANSITION: { code: 10104, status: 200, message: 'errors.adv_transition' },
  VERIFY_NOT_ALLOWED: { code: 10206, status: 200, message: 'errors.verify_not_allowed' },
  FILE_FORMAT: { code: 10301, status: 200, message: 'errors.file_format' },
  FILE_TOO_LARGE: { code: 10302, status: 200, message: 'errors.file_too_large' },
  FILE_UNKNOWN: { code: 10303, status: 200, message: 'errors.file_unknown' },
  ASSET_EXISTS: { code: 10401, status: 200, message: 'errors.item_exists' },
  EVENT_ID_TAKEN: { code: 10402, status: 200, message: 'errors.event_id_taken' },
  // Business centers: partners
  PARTNER_REQUEST_PENDING: { code: 10207, status: 200, message: 'errors.partner_request_pending' },
  PARTNER_REQUEST_CLOSED: { code: 10208, status: 200, message: 'errors.partner_request_closed' },
  // accounts (issue 8): sign-in codes, e-mail limits
  LOGIN_CODE_INVALID: { code: 10007, status: 200, message: 'errors.login_code_invalid' },
  SIGNED_IN_AS_OTHER: { code: 10008, status: 409, message: 'errors.signed_in_as_other' },
  MAIL_LIMIT_ADDRESS: { code: 10009, status: 429, message: 'errors.mail_limit_address' },
  MAIL_LIMIT_RECIPIENT: { code: 10010, status: 429, message: 'errors.mail_limit_recipient' },
  // Assets and tracking (10403–10499).
  /** A tracking endpoint's rate limit (per address, events-API token or postback URL) is reached. */
  TRACKING_RATE_LIMITED: { code: 10403, status: 429, message: 'errors.tracking_rate_limited' },
  // hardening: files and request hygiene (10304-10399)
  ORIGIN_REFUSED: { code: 10304, status: 403, message: 'errors.origin_refused' },
  UPLOAD_QUOTA: { code: 10305, status: 429, message: 'errors.upload_quota' },
  /** Too many uploaded files wait to be measured (`MEDIA_PARSE_QUEUE`). */
  MEDIA_BUSY: { code: 10306, status: 429, message: 'errors.media_busy' },
  // campaigns (10501-10599)
  OBJECT_DELETED: { code: 10501, status: 200, message: 'errors.object_deleted' },
  /** An audience that a live ad group includes or excludes cannot be deleted. */
  AUDIENCE_IN_USE: { code: 10502, status: 409, message: 'errors.audience_in_use' },
  // heavy calls (issue 17: 10360-10379)
  /** Too many heavy calls (reports, exports) of the user or center run or wait already. */
  HEAVY_BUSY: { code: 10360, status: 429, message: 'errors.heavy_busy' },
  /** A heavy call ran past its time limit and was stopped (not a server fault: it asked for too much). */
  HEAVY_TIMEOUT: { code: 10361, status: 422, message: 'errors.heavy_timeout' },
  // finance (issue 20: 10601-10649)
  /** A move would take a wallet below zero (beyond its credit line). */
  FINANCE_INSUFFICIENT: { code: 10601, status: 200, message: 'errors.finance_insufficient' },
  /** A request key used again for a different request. */
  FINANCE_KEY_REUSED: { code: 10602, status: 409, message: 'errors.finance_key_reused' },
  /** Money moves only between wallets of one currency. */
  FINANCE_CURRENCY_MISMATCH: { code: 10603, status: 200, message: 'errors.finance_currency_mismatch' },
  /** A top-up already confirmed or rejected. */
  TOPUP_DECIDED: { code: 10604, status: 409, message: 'errors.topup_decided' },
  // delivery (issue 21: 10650-10679)
  /** Another exchange has this name. */
  EXCHANGE_NAME_TAKEN: { code: 10650, status: 200, message: 'errors.exchange_name_taken' },
} as const satisfies Record<string, { code: number; status: number; message: MessageKey }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export type MessageKey = keyof typeof MESSAGES_EN_US;

export function isMessageKey(key: string): key is MessageKey {
  return key in MESSAGES_EN_US;
}

/** Error code for an HTTP status when a body carries no envelope (used by the console). */
export function errorForStatus(status: number): ErrorCode {
  const found = (Object.keys(ERROR_CODES) as ErrorCode[]).find(
    (k) => ERROR_CODES[k].status === status && ERROR_CODES[k].code >= 40000,
  );
  return found ?? 'INTERNAL';
}
