import { ERROR_CODES, type TExchange, ZExchangeCreate } from '@scaler/domain';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../api/client';
import { zodFieldErrors } from '../../components/zodRules';
import {
  authorizationHeader,
  countText,
  EXCHANGE_FORM_FIELDS,
  exchangePatch,
  exchangeRefusal,
  tokenMask,
} from './exchangeView';

const exchange: Pick<TExchange, 'name' | 'auction_type' | 'currency'> = {
  name: 'Alpha SSP',
  auction_type: 2,
  currency: 'USD',
};

test('a token shows as its last characters, a count with digit grouping, the header as sent', () => {
  expect(tokenMask('x_9Z')).toBe('••••x_9Z');
  expect(countText(0)).toBe('0');
  expect(countText(1234567)).toBe('1,234,567');
  expect(authorizationHeader('rtb_abc')).toBe('Authorization: Bearer rtb_abc');
});

test('an edit sends only what changed, an untouched form nothing', () => {
  expect(exchangePatch(exchange, { ...exchange })).toEqual({});
  expect(exchangePatch(exchange, { name: 'Beta SSP', auction_type: 1, currency: 'USD' })).toEqual({
    name: 'Beta SSP',
    auction_type: 1,
  });
  expect(exchangePatch(exchange, { ...exchange, currency: 'EUR' })).toEqual({ currency: 'EUR' });
});

describe('where a refused save shows', () => {
  test('a taken name on the name field, in the words of the server', () => {
    const error = new ApiError(
      'business',
      'Another exchange already has this name.',
      200,
      ERROR_CODES.EXCHANGE_NAME_TAKEN.code,
    );
    expect(exchangeRefusal(error)).toEqual({
      fields: [{ name: 'name', errors: ['Another exchange already has this name.'] }],
      message: null,
    });
  });

  test("a 400's messages on the form's fields; fields the form lacks are left out", () => {
    const error = new ApiError('business', 'Invalid request.', 400, ERROR_CODES.VALIDATION.code, {
      fields: [
        { path: 'body.currency', message: 'Must be one of USD, CNY.' },
        { path: 'body.enabled', message: 'Must be true or false.' },
      ],
    });
    expect(exchangeRefusal(error)).toEqual({
      fields: [{ name: 'currency', errors: ['Must be one of USD, CNY.'] }],
      message: null,
    });
  });

  test('another refusal above the form; what the client already showed, nowhere', () => {
    expect(exchangeRefusal(new ApiError('http', 'No permission.', 403))).toEqual({
      fields: [],
      message: 'No permission.',
    });
    expect(exchangeRefusal(new ApiError('network', 'Server error.', 502)).message).toBeNull();
    expect(exchangeRefusal(new ApiError('cancelled', 'cancelled')).message).toBeNull();
  });
});

test("the form's rules are the server's: a blank name and no currency are refused", () => {
  const errors = zodFieldErrors(
    ZExchangeCreate,
    { name: '   ', auction_type: 2, currency: undefined },
    EXCHANGE_FORM_FIELDS,
  );
  expect(errors).toEqual({ name: 'This field is required.', currency: 'This field is required.' });
  expect(
    zodFieldErrors(
      ZExchangeCreate,
      { name: 'Alpha', auction_type: 1, currency: 'JPY' },
      EXCHANGE_FORM_FIELDS,
    ),
  ).toEqual({});
});
