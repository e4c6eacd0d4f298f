import { type SnippetEvent, snippetEventName, TRACKING_PATHS, trimOrigin } from '@scaler/domain';

/** Where an API event source posts its events. */
export const eventsEndpoint = (origin: string) => `${trimOrigin(origin)}${TRACKING_PATHS.eventsApi}`;

/** The event an example sends: the first one a page view is not, else the page view. */
export function exampleEvent(events: readonly SnippetEvent[]): SnippetEvent {
  return (
    events.find((e) => !(e.type === 1 && e.event_id === 'page_view')) ??
    events[0] ?? { type: 1, event_id: 'page_view', event_name_en: 'PageView' }
  );
}

/** A ready request body of the events API for a pixel: one event with every optional part filled. */
export function examplePayload(pixelId: string, events: readonly SnippetEvent[]) {
  return {
    pixel_id: pixelId,
    data: [
      {
        event: snippetEventName(exampleEvent(events)),
        event_id: 'order-10001',
        user: { external_id: 'user-42', ip: '203.0.113.7', user_agent: 'Mozilla/5.0' },
        properties: { value: 19.99, currency: 'USD' },
        click_id: 'CLICK_ID_FROM_LANDING_URL',
        page: { url: 'https://shop.example.com/checkout' },
      },
    ],
  };
}

/** The token in the example: the real one right after it was issued, else a shell variable. */
export const TOKEN_VARIABLE = '$SCALER_API_TOKEN';

const shellQuote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/** A curl command that posts the example payload with the Bearer token. */
export function exampleCurl(input: {
  origin: string;
  pixelId: string;
  events: readonly SnippetEvent[];
  token?: string | null;
}): string {
  const body = JSON.stringify(examplePayload(input.pixelId, input.events), null, 2);
  return [
    `curl -X POST ${shellQuote(eventsEndpoint(input.origin))} \\`,
    `  -H "Authorization: Bearer ${input.token || TOKEN_VARIABLE}" \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${shellQuote(body)}`,
  ].join('\n');
}
