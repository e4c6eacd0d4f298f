import { describe, expect, test } from 'vitest';
import { isExpired, readMemberQuery, writeMemberQuery } from './listQuery';

describe('member list query', () => {
  test('reads tab, search, role and page, falling back for anything unknown', () => {
    expect(readMemberQuery('?org=1&q=%20ava%20&tab=invitations&page=3&page_size=50')).toEqual({
      tab: 'invitations',
      q: 'ava',
      orgRole: null,
      page: 3,
      pageSize: 50,
    });
    expect(readMemberQuery('?tab=nope&org_role=boss&page=0&page_size=7')).toEqual({
      tab: 'members',
      q: '',
      orgRole: null,
      page: 1,
      pageSize: 20,
    });
    expect(readMemberQuery('?org_role=org_user').orgRole).toBe('org_user');
  });

  test('writes the patch, keeps org and adv, and leaves defaults out', () => {
    expect(writeMemberQuery('?org=100001&adv=7', { q: 'sam' })).toBe('?org=100001&adv=7&q=sam');
    expect(writeMemberQuery('?org=100001&page=2', { page: 3 })).toBe('?org=100001&page=3');
    expect(writeMemberQuery('?org=100001', { orgRole: 'org_admin', pageSize: 50 })).toBe(
      '?org=100001&org_role=org_admin&page_size=50',
    );
  });

  test('a new search, role or page size goes back to page 1', () => {
    expect(writeMemberQuery('?org=1&page=4', { q: 'x' })).toBe('?org=1&q=x');
    expect(writeMemberQuery('?org=1&page=4', { orgRole: 'org_user' })).toBe('?org=1&org_role=org_user');
    expect(writeMemberQuery('?org=1&page=4', { pageSize: 100 })).toBe('?org=1&page_size=100');
  });

  test('another tab starts without the search, the role and the page of the last one', () => {
    expect(writeMemberQuery('?org=1&q=sam&org_role=org_user&page=2', { tab: 'invitations' })).toBe(
      '?org=1&tab=invitations',
    );
    expect(writeMemberQuery('?org=1&tab=invitations&q=x', { tab: 'members' })).toBe('?org=1');
    expect(writeMemberQuery('?org=1', { tab: 'invitations', q: '' })).toBe('?org=1&tab=invitations');
  });
});

test('isExpired: by status or by the expiry time', () => {
  const now = Date.parse('2026-05-01T00:00:00Z');
  expect(isExpired({ status: 'pending', expires_at: '2026-04-30T23:59:59Z' }, now)).toBe(true);
  expect(isExpired({ status: 'pending', expires_at: '2026-05-02T00:00:00Z' }, now)).toBe(false);
  expect(isExpired({ status: 'expired', expires_at: '2026-05-02T00:00:00Z' }, now)).toBe(true);
});
