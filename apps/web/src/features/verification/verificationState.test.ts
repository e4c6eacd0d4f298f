import type { TVerification } from '@scaler/domain';
import { describe, expect, test } from 'vitest';
import { verificationState } from './verificationState';

const entry = (status: TVerification['status'], reason = ''): TVerification => ({
  id: 1,
  org_id: 100003,
  status,
  reason,
  note: '',
  license_files: [],
  submitted_by: 'u',
  created_at: '2026-01-01T00:00:00Z',
  reviewed_at: null,
});

describe('verificationState', () => {
  test('engaged and rejected centers may submit, others may not', () => {
    expect(verificationState(2, [])).toMatchObject({ state: 'not_submitted', canSubmit: true });
    expect(verificationState(3, [entry('rejected', 'Blurry')])).toMatchObject({
      state: 'rejected',
      canSubmit: true,
      reason: 'Blurry',
    });
    expect(verificationState(0, [entry('pending')])).toMatchObject({ state: 'waiting', canSubmit: false });
    expect(verificationState(1, [entry('approved')])).toMatchObject({ state: 'verified', canSubmit: false });
    expect(verificationState(4, [])).toMatchObject({ state: 'disabled', canSubmit: false });
  });

  test('the reason comes from the latest entry only when it is the rejection', () => {
    expect(verificationState(3, [entry('pending'), entry('rejected', 'Old')]).reason).toBe('');
    expect(verificationState(0, [entry('rejected', 'Old')]).reason).toBe('');
  });
});
