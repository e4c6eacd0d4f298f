import type { TMember } from '@scaler/domain';
import { describe, expect, test } from 'vitest';
import { filterMembers, isExpired, readMemberQuery, writeMemberQuery } from './listQuery';

describe('member list query', () => {
  test('reads q and tab, falling back for unknown tabs', () => {
    expect(readMemberQuery('?org=1&q=%20ava%20&tab=invitations')).toEqual({ q: 'ava', tab: 'invitations' });
    expect(readMemberQuery('?tab=nope')).toEqual({ q: '', tab: 'members' });
  });
  test('writes the patch and keeps org and adv', () => {
    expect(writeMemberQuery('?org=100001&adv=7', { q: 'sam' })).toBe('?org=100001&adv=7&q=sam');
    expect(writeMemberQuery('?org=100001&q=sam&tab=invitations', { q: '', tab: 'members' })).toBe(
      '?org=100001',
    );
  });
});

test('filterMembers matches name or e-mail, ignoring case', () => {
  const m = (name: string, email: string) => ({ name, email, joined_at: '2026-01-01T00:00:00Z' }) as TMember;
  const list = [m('Ava Admin', 'admin@demo.test'), m('Sam Standard', 'user@demo.test')];
  expect(filterMembers(list, 'SAM').map((x) => x.email)).toEqual(['user@demo.test']);
  expect(filterMembers(list, 'admin@').map((x) => x.name)).toEqual(['Ava Admin']);
  expect(filterMembers(list, '')).toHaveLength(2);
});

test('isExpired: by status or by the expiry time', () => {
  const now = Date.parse('2026-05-01T00:00:00Z');
  expect(isExpired({ status: 'pending', expires_at: '2026-04-30T23:59:59Z' }, now)).toBe(true);
  expect(isExpired({ status: 'pending', expires_at: '2026-05-02T00:00:00Z' }, now)).toBe(false);
  expect(isExpired({ status: 'expired', expires_at: '2026-05-02T00:00:00Z' }, now)).toBe(true);
});

test('filterMembers lists the longest-standing members first, then by e-mail', () => {
  const m = (email: string, joined_at: string) => ({ name: '', email, joined_at }) as TMember;
  const list = [
    m('c@x.com', '2026-02-01T00:00:00Z'),
    m('b@x.com', '2026-01-01T00:00:00Z'),
    m('a@x.com', '2026-02-01T00:00:00Z'),
  ];
  expect(filterMembers(list, '').map((x) => x.email)).toEqual(['b@x.com', 'a@x.com', 'c@x.com']);
});
