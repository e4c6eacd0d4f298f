import { ZRequestKey } from '@scaler/domain';
import { expect, test } from 'vitest';
import { ApiError } from '../../api/client';
import { keepsKey, newRequestKey } from './requestKey';

test('a request key has the form the server accepts, and each is new', () => {
  const key = newRequestKey();
  expect(ZRequestKey.safeParse(key).success).toBe(true);
  expect(newRequestKey()).not.toBe(key);
});

test('the key is kept after a lost answer and renewed after a refusal', () => {
  expect(keepsKey(new ApiError('network', 'offline'))).toBe(true);
  expect(keepsKey(new ApiError('network', 'server', 502))).toBe(true);
  expect(keepsKey(new ApiError('cancelled', 'cancelled'))).toBe(true);
  expect(keepsKey(new ApiError('business', 'Not enough money', 200, 10601))).toBe(false);
  expect(keepsKey(new ApiError('business', 'invalid', 400, 10003))).toBe(false);
  expect(keepsKey(new ApiError('http', 'forbidden', 403))).toBe(false);
});
