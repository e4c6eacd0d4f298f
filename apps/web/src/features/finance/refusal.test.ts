import { expect, test } from 'vitest';
import { ApiError } from '../../api/client';
import { refusalOf } from './refusal';

test('a refusal keeps the server message and names each field without `body.`', () => {
  const error = new ApiError('business', 'Invalid request.', 400, 10003, {
    fields: [
      { path: 'body.items.1.amount', message: 'validation.money' },
      { path: 'items.0.amount', message: 'not a key, kept as it is' },
    ],
  });
  const refusal = refusalOf(error);
  expect(refusal.message).toBe('Invalid request.');
  expect(Object.keys(refusal.fields)).toEqual(['items.1.amount', 'items.0.amount']);
  expect(refusal.fields['items.0.amount']).toBe('not a key, kept as it is');
});

test('not enough money is a message, not a field', () => {
  const error = new ApiError('business', 'Not enough money: 10.00 USD is available.', 200, 10601, null);
  expect(refusalOf(error)).toEqual({ fields: {}, message: 'Not enough money: 10.00 USD is available.' });
  expect(refusalOf(new Error('offline'))).toEqual({ fields: {}, message: 'offline' });
});
