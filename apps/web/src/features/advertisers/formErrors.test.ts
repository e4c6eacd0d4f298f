import { describe, expect, test } from 'vitest';
import { ApiError } from '../../api/client';
import { serverFieldErrors } from './formErrors';

const apiError = (fields: { path: string; message: string }[]) =>
  new ApiError('business', 'Invalid', 400, 10001, { fields });

describe('serverFieldErrors', () => {
  test('maps body paths onto form field names', () => {
    const error = apiError([
      { path: 'body.adv_name', message: 'Required.' },
      { path: 'body.license_files.0', message: 'Invalid.' },
    ]);
    expect(serverFieldErrors(error)).toEqual([
      { name: ['adv_name'], errors: ['Required.'] },
      { name: ['license_files'], errors: ['Invalid.'] },
    ]);
  });

  test('keeps only the fields the form knows, and nothing for other errors', () => {
    const error = apiError([
      { path: 'body.phone', message: 'Bad phone.' },
      { path: 'query.page', message: 'Bad page.' },
    ]);
    expect(serverFieldErrors(error, ['phone'])).toEqual([{ name: ['phone'], errors: ['Bad phone.'] }]);
    expect(serverFieldErrors(new Error('x'))).toEqual([]);
  });
});
