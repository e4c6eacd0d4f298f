import { describe, expect, test } from 'vitest';
import { eventsEndpoint, exampleCurl, examplePayload } from './apiExample';

const events = [
  { type: 1, event_id: 'page_view', event_name_en: 'PageView' },
  { type: 1, event_id: 'purchase', event_name_en: 'Purchase' },
  { type: 2, event_id: 'gift_wrap' },
];

describe('events API example', () => {
  test('the endpoint is /open/v1/events on the console origin', () => {
    expect(eventsEndpoint('https://ads.example.com/')).toBe('https://ads.example.com/open/v1/events');
  });

  test('the payload sends the first event that is not a page view, by the name the API takes', () => {
    const payload = examplePayload('a'.repeat(24), events);
    expect(payload.pixel_id).toBe('a'.repeat(24));
    expect(payload.data[0]?.event).toBe('Purchase');
    expect(
      examplePayload('x', [events[0] as (typeof events)[0], { type: 2, event_id: 'gift_wrap' }]).data[0]
        ?.event,
    ).toBe('gift_wrap');
    expect(examplePayload('x', []).data[0]?.event).toBe('PageView');
  });

  test('the curl command carries the token, or a variable, and a body the shell passes as is', () => {
    const curl = exampleCurl({ origin: 'https://ads.example.com', pixelId: 'p1', events, token: 'sct_abc' });
    expect(curl.split('\n')[0]).toBe("curl -X POST 'https://ads.example.com/open/v1/events' \\");
    expect(curl).toContain('-H "Authorization: Bearer sct_abc"');
    const body = /-d '([\s\S]*)'$/.exec(curl)?.[1] ?? '';
    expect(JSON.parse(body)).toEqual(examplePayload('p1', events));
    expect(exampleCurl({ origin: 'https://a.example', pixelId: 'p1', events: [] })).toContain(
      'Bearer $SCALER_API_TOKEN"',
    );
  });
});
