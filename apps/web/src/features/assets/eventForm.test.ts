import type { TAssetEvent } from '@scaler/domain';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../api/client';
import {
  customEventIdProblem,
  eventFieldErrors,
  eventFieldMessages,
  toEventForm,
  toEventInputs,
} from './eventForm';

const event = (partial: Partial<TAssetEvent>): TAssetEvent => ({
  type: 1,
  event_type: 'install',
  event_id: 'install',
  event_name: 'Install',
  event_name_en: 'Install',
  status: 0,
  last_event_at: null,
  ...partial,
});

describe('toEventForm and toEventInputs', () => {
  test('standard events become types, custom events rows, and back with standard events first', () => {
    const value = toEventForm([
      event({ type: 2, event_type: 'purchase', event_id: 'vip_buy', event_name: 'VIP buy' }),
      event({}),
      event({ event_type: 'open', event_id: 'open', event_name: 'Open' }),
    ]);
    expect(value).toEqual({
      standard: ['install', 'open'],
      custom: [{ event_id: 'vip_buy', event_name: 'VIP buy', event_type: 'purchase' }],
    });
    expect(toEventInputs(value)).toEqual([
      { type: 1, event_type: 'install' },
      { type: 1, event_type: 'open' },
      { type: 2, event_id: 'vip_buy', event_name: 'VIP buy', event_type: 'purchase' },
    ]);
  });

  test('custom events are trimmed and filed as custom by default', () => {
    expect(
      toEventInputs({
        standard: [],
        custom: [{ event_id: ' size_saved ', event_name: ' Size ', event_type: '' }],
      }),
    ).toEqual([{ type: 2, event_id: 'size_saved', event_name: 'Size', event_type: 'custom' }]);
  });
});

describe('customEventIdProblem', () => {
  test.each([
    ['', 'validation.required'],
    ['1st_event', 'validation.event_id'],
    ['has space', 'validation.event_id'],
    ['Purchase', 'validation.event_id_standard'],
    ['add_to_cart', 'validation.event_id_standard'],
    ['Size_Saved', 'validation.duplicates'],
    ['vip_level_5', null],
  ])('%j → %s', (id, problem) => {
    expect(customEventIdProblem(id, ['size_saved'])).toBe(problem);
  });
});

describe('eventFieldErrors', () => {
  const value = {
    standard: ['page_view', 'purchase'],
    custom: [
      { event_id: 'first_one', event_name: 'First', event_type: 'custom' },
      { event_id: 'Taken_Id', event_name: 'Taken', event_type: 'custom' },
    ],
  };

  test('a 400 on an item of the request list lands on that custom row; on the list, on the standard events', () => {
    const error = new ApiError('business', 'Validation failed', 400, 10001, {
      fields: [
        { path: 'body.events.3.event_id', message: 'Invalid event ID' },
        { path: 'body.events.2.event_name', message: 'validation.required' },
        { path: 'body.events', message: 'validation.missing_standard_events' },
        { path: 'body.name', message: 'ignored here' },
      ],
    });
    expect(eventFieldErrors(error, value)).toEqual([
      { name: ['custom', 1, 'event_id'], errors: ['Invalid event ID'] },
      { name: ['custom', 0, 'event_name'], errors: ['This field is required.'] },
      { name: ['standard'], errors: ['Missing standard events: search arbitrage needs at least one.'] },
    ]);
  });

  test('EVENT_ID_TAKEN names the custom event whatever its case', () => {
    const error = new ApiError('business', 'Invalid event ID: taken_id already exists.', 200, 10402, {
      event_id: 'taken_id',
    });
    expect(eventFieldErrors(error, value)).toEqual([
      { name: ['custom', 1, 'event_id'], errors: ['Invalid event ID: taken_id already exists.'] },
    ]);
  });

  test('other errors are not the editor’s', () => {
    expect(eventFieldErrors(new ApiError('network', 'Serve error'), value)).toEqual([]);
    expect(eventFieldErrors(new Error('x'), value)).toEqual([]);
  });

  test('schema issues with another prefix map the same way', () => {
    expect(eventFieldMessages([{ path: 'events.0.event_type', message: 'x' }], value, 'events')).toEqual([
      { name: ['standard'], errors: ['x'] },
    ]);
  });
});
