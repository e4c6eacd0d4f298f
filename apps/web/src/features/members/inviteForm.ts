import {
  INVITE_MAX,
  isValidEmail,
  isValidEmailList,
  type OrgRole,
  parseIdList,
  type TAdvAssignment,
  type TInviteMembersRequest,
} from '@scaler/domain';

export interface InviteFormValues {
  /** One e-mail per line or comma separated. */
  emails: string;
  org_role: OrgRole;
  advs?: TAdvAssignment[];
}

export type EmailListCheck =
  | { ok: false; error: 'validation.email'; invalid: string[] }
  | { ok: false; error: 'validation.too_long'; invalid: [] }
  | { ok: true; items: string[]; duplicates: string[] };

/**
 * The e-mail box (spec 5 lists): split, lower-cased, de-duplicated (the duplicates are reported for the
 * "please confirm" step), then every item must be an e-mail and there may be at most `INVITE_MAX`.
 */
export function checkEmailList(text: string): EmailListCheck {
  const { items, duplicates } = parseIdList((text ?? '').toLowerCase());
  if (!isValidEmailList(items)) {
    return { ok: false, error: 'validation.email', invalid: items.filter((i) => !isValidEmail(i)) };
  }
  if (items.length > INVITE_MAX) return { ok: false, error: 'validation.too_long', invalid: [] };
  return { ok: true, items, duplicates };
}

/** The request of a checked form: accounts go with standard members only (admins reach every account). */
export function toInviteRequest(values: InviteFormValues, emails: string[]): TInviteMembersRequest {
  return {
    emails,
    org_role: values.org_role,
    advs: values.org_role === 'org_user' ? (values.advs ?? []) : [],
  };
}
