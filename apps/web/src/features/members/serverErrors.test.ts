import { describe, expect, test } from 'vitest';
import { ApiError } from '../../api/client';
import { formErrors } from './serverErrors';

describe('formErrors', () => {
  test('puts data.fields on the fields the form has', () => {
    const error = new ApiError('business', 'Validation failed', 400, 40000, {
      fields: [
        { path: 'body.emails', message: 'Duplicates exist, please confirm.' },
        { path: 'body.other', message: 'x' },
      ],
    });
    expect(formErrors(error, ['emails', 'org_role'], 'emails')).toEqual([
      { name: 'emails', errors: ['Duplicates exist, please confirm.'] },
    ]);
  });
  test('a business error without fields goes on the fallback field', () => {
    const error = new ApiError(
      'business',
      'Item already exists: a@x.com is already a member or invited.',
      200,
      10204,
    );
    expect(formErrors(error, ['emails'], 'emails')).toEqual([
      { name: 'emails', errors: ['Item already exists: a@x.com is already a member or invited.'] },
    ]);
  });
  test('without a fallback, only field errors are returned', () => {
    const error = new ApiError('business', 'The link has expired.', 200, 10005);
    expect(formErrors(error, ['name', 'password'], null)).toEqual([]);
  });
  test('network and permission errors are left to the client toast', () => {
    expect(formErrors(new ApiError('http', 'No permission', 403), ['emails'], 'emails')).toEqual([]);
    expect(formErrors(new Error('x'), ['emails'], 'emails')).toEqual([]);
  });
});
