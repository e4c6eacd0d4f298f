import { describe, expect, test } from 'vitest';
import { ApiError } from '../../api/client';
import { assetFormErrors, issueFieldErrors, unshownError } from './formErrors';

const events = {
  standard: ['page_view'],
  custom: [{ event_id: 'gift_wrap', event_name: 'Gift', event_type: 'custom' }],
};

describe('assetFormErrors', () => {
  test('ASSET_EXISTS lands on the field that must change', () => {
    const error = new ApiError('business', 'Item already exists.', 200, 10401);
    expect(assetFormErrors(error, ['name'], { existsField: 'name' })).toEqual([
      { name: ['name'], errors: ['Item already exists.'] },
    ]);
  });

  test('400 fields land on the form and in the events editor', () => {
    const error = new ApiError('business', 'x', 400, 10001, {
      fields: [
        { path: 'body.download_link', message: 'validation.download_link' },
        { path: 'body.events.1.event_id', message: 'Invalid event ID' },
        { path: 'body.unknown', message: 'dropped' },
      ],
    });
    expect(assetFormErrors(error, ['download_link', 'name'], { events })).toEqual([
      { name: ['download_link'], errors: ['Please enter a valid download link.'] },
      { name: ['events', 'custom', 0, 'event_id'], errors: ['Invalid event ID'] },
    ]);
  });

  test('EVENT_ID_TAKEN lands on the custom event', () => {
    const error = new ApiError('business', 'Invalid event ID: gift_wrap already exists.', 200, 10402, {
      event_id: 'gift_wrap',
    });
    expect(assetFormErrors(error, ['name'], { events })).toEqual([
      { name: ['events', 'custom', 0, 'event_id'], errors: ['Invalid event ID: gift_wrap already exists.'] },
    ]);
  });
});

describe('unshownError', () => {
  test('business answers and 403s still need saying; network errors were toasted', () => {
    expect(unshownError(new ApiError('business', 'Item already exists.', 200, 10401))).toBe(
      'Item already exists.',
    );
    expect(unshownError(new ApiError('http', 'No permission', 403))).toBe('No permission');
    expect(unshownError(new ApiError('network', 'Serve error'))).toBeNull();
  });
});

describe('issueFieldErrors', () => {
  test('schema issues land where the server’s would', () => {
    expect(
      issueFieldErrors(
        [
          { path: ['name'], message: 'validation.required' },
          { path: ['events', 1, 'event_id'], message: 'validation.event_id' },
        ],
        ['name'],
        events,
      ),
    ).toEqual([
      { name: ['name'], errors: ['This field is required.'] },
      { name: ['events', 'custom', 0, 'event_id'], errors: ['Invalid event ID'] },
    ]);
  });
});
