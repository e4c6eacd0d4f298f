import { ZInviteMembersRequest } from '@scaler/domain';
import { describe, expect, test } from 'vitest';
import { checkEmailList, toInviteRequest } from './inviteForm';

describe('checkEmailList', () => {
  test('splits lines and commas, lower-cases and reports duplicates', () => {
    const check = checkEmailList('A@x.com, b@x.com\n a@X.com\n\nc@x.com,');
    expect(check).toEqual({ ok: true, items: ['a@x.com', 'b@x.com', 'c@x.com'], duplicates: ['a@x.com'] });
  });
  test('an empty box is invalid', () => {
    expect(checkEmailList(' \n , ')).toMatchObject({ ok: false, error: 'validation.email', invalid: [] });
  });
  test('names the items that are not e-mails', () => {
    expect(checkEmailList('a@x.com\nnot-an-email\nb@x.toolong')).toMatchObject({
      ok: false,
      error: 'validation.email',
      invalid: ['not-an-email', 'b@x.toolong'],
    });
  });
  test('refuses more than 50 addresses', () => {
    const text = Array.from({ length: 51 }, (_, i) => `u${i}@x.com`).join('\n');
    expect(checkEmailList(text)).toMatchObject({ ok: false, error: 'validation.too_long' });
  });
});

describe('toInviteRequest', () => {
  const advs = [{ adv_id: 1000001, adv_role: 'role_operator' as const }];
  test('keeps the accounts of a standard member and passes the schema', () => {
    const req = toInviteRequest({ emails: '', org_role: 'org_user', advs }, ['a@x.com']);
    expect(req).toEqual({ emails: ['a@x.com'], org_role: 'org_user', advs });
    expect(ZInviteMembersRequest.safeParse(req).success).toBe(true);
  });
  test('drops accounts for an admin', () => {
    expect(toInviteRequest({ emails: '', org_role: 'org_admin', advs }, ['a@x.com']).advs).toEqual([]);
  });
});
