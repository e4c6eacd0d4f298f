import type { TLiveEvent } from '@scaler/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '../../api/client';
import { createQueryClient } from '../../app/queryClient';
import { FeedbackProvider } from '../../components/feedback';
import i18n from '../../i18n';
import { LiveEventsPanel } from './LiveEventsPanel';

const PIXEL = 'a'.repeat(24);

const live = (partial: Partial<TLiveEvent>): TLiveEvent => ({
  id: '1',
  received_at: '2026-03-01T10:00:00.000Z',
  source: 'pixel',
  accepted: true,
  reason: null,
  message: null,
  params: {},
  event: 'Purchase',
  event_id: 'purchase',
  value: '12.50',
  currency: 'USD',
  click_id: 'clk-1',
  detail: 'https://shop.example.com/thanks',
  ...partial,
});

function renderPanel(respond: (url: URL) => Response) {
  const notify = vi.fn();
  const fetchMock = vi.fn(async (input: string) => respond(new URL(input, 'http://console.test')));
  vi.stubGlobal('fetch', fetchMock);
  configureApiClient({ notify });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <FeedbackProvider>
        <LiveEventsPanel adv={1000001} kind="pixel" assetId={PIXEL} />
      </FeedbackProvider>
    </QueryClientProvider>,
  );
  return { notify, fetchMock };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
});

describe('LiveEventsPanel', () => {
  test('lists accepted and rejected events with the translated reason', async () => {
    const { fetchMock } = renderPanel(() =>
      json({
        code: 0,
        msg: '',
        data: {
          list: [
            live({
              id: '12',
              accepted: false,
              reason: 'unknown_event',
              event: 'Lead',
              event_id: null,
              value: null,
              click_id: null,
            }),
            live({ id: '11' }),
          ],
        },
      }),
    );
    const rejected = (await screen.findByText('Lead')).closest('tr') as HTMLElement;
    expect(within(rejected).getByText('Rejected')).toBeTruthy();
    expect(within(rejected).getByText('Event not set up for this asset')).toBeTruthy();
    const accepted = screen.getByText('clk-1').closest('tr') as HTMLElement;
    expect(within(accepted).getByText('Accepted')).toBeTruthy();
    expect(within(accepted).getByText('12.50 USD')).toBeTruthy();
    const url = new URL(fetchMock.mock.calls[0]?.[0] as string, 'http://console.test');
    expect(url.pathname).toBe('/scaler/v3/tracking/live');
    expect(Object.fromEntries(url.searchParams)).toEqual({ kind: 'pixel', asset_id: PIXEL });
  });

  test("a refusal is explained in the reader's language, from its message key and parameters", async () => {
    const refused = live({
      id: '21',
      accepted: false,
      reason: 'unknown_event',
      message: 'tracking.unknown_event_pixel',
      params: { event: 'Lead' },
      event: 'Lead',
      event_id: null,
      value: null,
      click_id: null,
    });
    renderPanel(() => json({ code: 0, msg: '', data: { list: [refused] } }));
    const row = (await screen.findByText('"Lead" is not an event of this pixel.')).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('https://shop.example.com/thanks')).toBeTruthy();
    await act(() => i18n.changeLanguage('zh-CN'));
    try {
      expect(await screen.findByText('“Lead”不是该像素的事件。')).toBeTruthy();
      expect(screen.queryByText('"Lead" is not an event of this pixel.')).toBeNull();
    } finally {
      await act(() => i18n.changeLanguage('en-US'));
    }
  });

  test('a server without the live call shows a notice, no toast, and stops asking', async () => {
    const { notify, fetchMock } = renderPanel(() => json({ code: 404, msg: 'Not found.', data: null }, 404));
    expect(await screen.findByText('Live test events are not available on this server yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.getByText('Stopped')).toBeTruthy();
    expect(notify).not.toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 2500));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
