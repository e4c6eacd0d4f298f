import type { TInvitationInfo } from '@scaler/domain';
import { describe, expect, test } from 'vitest';
import { invitationStep, nameSchema } from './invitationState';

const info = (extra: Partial<TInvitationInfo> = {}): TInvitationInfo => ({
  org_id: 100001,
  org_name: 'Northwind Agency',
  email: 'new@demo.test',
  org_role: 'org_user',
  status: 'pending',
  has_account: true,
  ...extra,
});

describe('invitationStep', () => {
  test('signed in as the invited address (any case): accept', () => {
    expect(invitationStep(info(), { signedIn: true, email: 'NEW@demo.test' })).toEqual({ step: 'accept' });
  });
  test('signed in as someone else: names both addresses', () => {
    expect(invitationStep(info(), { signedIn: true, email: 'admin@demo.test' })).toEqual({
      step: 'wrong_user',
      email: 'new@demo.test',
      current: 'admin@demo.test',
    });
  });
  test('signed out: log in when the account exists, sign up when not', () => {
    expect(invitationStep(info(), { signedIn: false })).toEqual({ step: 'login' });
    expect(invitationStep(info({ has_account: false }), { signedIn: false })).toEqual({ step: 'signup' });
  });
  test('a spent, cancelled or expired invitation wins over the session', () => {
    for (const status of ['accepted', 'cancelled', 'expired'] as const) {
      expect(invitationStep(info({ status }), { signedIn: true, email: 'new@demo.test' })).toEqual({
        step: status,
      });
    }
  });
});

test('nameSchema requires a name of at most 64 characters', () => {
  expect(nameSchema.safeParse({ name: 'Nia New' }).success).toBe(true);
  const blank = nameSchema.safeParse({ name: '  ' });
  expect(blank.success).toBe(false);
  if (!blank.success)
    expect(blank.error.issues[0]).toEqual({ path: ['name'], message: 'validation.required' });
  expect(nameSchema.safeParse({ name: 'x'.repeat(65) }).success).toBe(false);
});
