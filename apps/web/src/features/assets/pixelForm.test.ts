import { ZCreatePixelRequest } from '@scaler/domain';
import { describe, expect, test } from 'vitest';
import { newPixel, standardEventsProblem, toPixelRequest } from './pixelForm';

describe('toPixelRequest', () => {
  test('a new pixel with a custom event is a valid create request', () => {
    const values = {
      ...newPixel(2),
      name: '  Checkout pixel ',
      events: {
        standard: ['page_view', 'purchase'],
        custom: [{ event_id: 'gift_wrap', event_name: 'Gift wrap', event_type: 'custom' }],
      },
    };
    const body = toPixelRequest(values);
    expect(body).toEqual({
      name: 'Checkout pixel',
      conversion_type: 1,
      mode: 2,
      events: [
        { type: 1, event_type: 'page_view' },
        { type: 1, event_type: 'purchase' },
        { type: 2, event_id: 'gift_wrap', event_name: 'Gift wrap', event_type: 'custom' },
      ],
    });
    expect(ZCreatePixelRequest.safeParse(body).success).toBe(true);
  });

  test('the domain schema refuses what the editor flags', () => {
    const body = toPixelRequest({
      ...newPixel(),
      name: 'Search',
      conversion_type: 3,
      events: { standard: [], custom: [{ event_id: '9lives', event_name: 'x', event_type: 'custom' }] },
    });
    const result = ZCreatePixelRequest.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
      'events.0.event_id',
      'validation.event_id',
    ]);
  });
});

describe('standardEventsProblem', () => {
  test('search arbitrage needs a standard event; other types do not', () => {
    expect(standardEventsProblem(3, [])).toBe('validation.missing_standard_events');
    expect(standardEventsProblem(3, ['search'])).toBeNull();
    expect(standardEventsProblem(1, [])).toBeNull();
  });
});
