import type { TAudience } from '@scaler/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Form } from 'antd';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { resetApiClient } from '../../api/client';
import { createQueryClient } from '../../app/queryClient';
import { FeedbackProvider } from '../../components/feedback';
import { AudiencePicker } from './AudiencePicker';

const audience = (id: number, name: string, status: number, size: number): TAudience => ({
  audience_id: id,
  adv_id: 1000001,
  name,
  source_type: 2,
  app_id: null,
  pixel_id: null,
  asset_name: null,
  event_ids: [],
  lookback_days: null,
  status,
  size,
  built_time: '2026-03-01T00:00:00.000Z',
  build_error: null,
  created_time: '2026-03-01T00:00:00.000Z',
  updated_time: '2026-03-01T00:00:00.000Z',
});

let AUDIENCES: TAudience[] = [];
const STANDING = [audience(5000002, 'Past buyers', 2, 1500), audience(5000001, 'Tiny list', 3, 12)];

interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/** The server as the picker sees it: the list, the reach of a choice, and a created upload audience. */
function serve(list: TAudience[] = STANDING) {
  AUDIENCES = list;
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const { pathname } = new URL(url, 'http://console.test');
      const body = init.body ? JSON.parse(String(init.body)) : null;
      calls.push({
        method: init.method ?? 'GET',
        path: pathname,
        body,
        headers: init.headers as Record<string, string>,
      });
      const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, msg: 'success', data }));
      if (pathname === '/scaler/v3/audiences') return ok({ list: AUDIENCES, total: AUDIENCES.length });
      if (pathname === '/scaler/v3/adgroup/check/audience') {
        const { audience_include: inc, audience_exclude: exc } = body as Record<string, number[]>;
        return ok({
          reach: inc.length ? 1488 : null,
          include: inc.length ? 1500 : 0,
          exclude: exc.length ? 12 : 0,
        });
      }
      if (pathname.startsWith('/scaler/v3/utils/')) return ok([]);
      if (pathname === '/scaler/v3/audience') {
        // An upload answers "processing" at once; its members are written after the answer.
        return ok({ ...audience(5000003, body.name, 1, 0), upload: { valid: 2, duplicates: 1, invalid: 1 } });
      }
      return new Response(JSON.stringify({ code: 40400, msg: 'not found', data: null }), { status: 404 });
    }),
  );
  return calls;
}

let form: { audience_include: number[]; audience_exclude: number[] } | null = null;

/** The two pickers inside an ad group form, as the ad group editor uses them. */
function AdGroupAudiences() {
  const [values, setValues] = useState({ audience_include: [5000002], audience_exclude: [5000001] });
  form = values;
  return (
    <Form initialValues={values} onValuesChange={(_, all) => setValues(all)}>
      <Form.Item name="audience_include" label="Include">
        <AudiencePicker mode="include" />
      </Form.Item>
      <Form.Item name="audience_exclude" label="Exclude">
        <AudiencePicker mode="exclude" />
      </Form.Item>
    </Form>
  );
}

let client = createQueryClient();

function renderForm() {
  client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <FeedbackProvider>
        <MemoryRouter initialEntries={['/perf/new?org=100001&adv=1000001']}>
          <AdGroupAudiences />
        </MemoryRouter>
      </FeedbackProvider>
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  // What a write refetches finishes against the stub.
  await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  vi.unstubAllGlobals();
  resetApiClient();
  form = null;
});

test('the chosen audiences by name, the reach of include minus exclude, statuses and sizes in the list', async () => {
  const calls = serve();
  renderForm();
  expect(await screen.findByText('Past buyers')).toBeTruthy();
  expect(screen.getByText('Tiny list')).toBeTruthy();
  const reach = await screen.findByText('Estimated reach: 1,488 people (1,500 included, 12 excluded)');
  expect(reach).toBeTruthy();
  const check = calls.filter((c) => c.path === '/scaler/v3/adgroup/check/audience').at(-1);
  expect(check?.body).toEqual({ audience_include: [5000002], audience_exclude: [5000001] });
  // One reach line (under the include picker), one list request for both pickers.
  expect(screen.getAllByTestId('audience-reach')).toHaveLength(1);
  expect(calls.filter((c) => c.path === '/scaler/v3/audiences')).toHaveLength(1);

  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Include people in these audiences' }));
  const option = await screen.findByText('1,500 people');
  expect(
    within(option.closest('[role="option"], .ant-select-item') as HTMLElement).getByText('In effect'),
  ).toBeTruthy();
  expect(screen.getByText('Not valid')).toBeTruthy();
}, 20_000);

test('a new audience from pasted device ids: counted before sending, then added to the choice', async () => {
  const calls = serve();
  renderForm();
  await screen.findByText('Past buyers');
  fireEvent.click(screen.getAllByRole('button', { name: /New audience/ })[1]);
  const tab = await screen.findByRole('tab', { name: 'From device IDs' });
  fireEvent.click(tab);
  const pane = within(document.getElementById(tab.getAttribute('aria-controls') ?? '') as HTMLElement);
  fireEvent.change(pane.getByLabelText('Audience name'), { target: { value: 'CRM' } });
  const ids =
    '6d92078a-8246-4ba4-ae5b-76104861e7dc\nEA7583CD-A667-48BC-B806-42ECB2B48606\n6D92078A-8246-4BA4-AE5B-76104861E7DC\nidfa';
  fireEvent.change(pane.getByLabelText('Device IDs (IDFA or GAID)'), { target: { value: ids } });
  expect(await screen.findByText('Valid: 2 · Duplicates: 1 · Invalid: 1')).toBeTruthy();
  expect(screen.getByText('Not device IDs: idfa')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Create' }));
  await waitFor(() => expect(form?.audience_exclude).toEqual([5000001, 5000003]));
  const put = calls.find((c) => c.method === 'PUT');
  expect(put?.body).toEqual({ name: 'CRM', source_type: 2, os: null, device_ids: ids });
}, 20_000);

test('an upload being written shows "Processing" until the list, asked again, says it is done', async () => {
  const writing = audience(5000004, 'CRM upload', 1, 0);
  const calls = serve([writing, ...STANDING]);
  renderForm();
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Include people in these audiences' }));
  const option = (await screen.findByText('CRM upload')).closest('.ant-select-item') as HTMLElement;
  expect(within(option).getByText('Processing')).toBeTruthy();
  // Written meanwhile: the list is asked again while one of its audiences is processing.
  AUDIENCES = [{ ...writing, status: 2, size: 150_000 }, ...STANDING];
  await waitFor(
    () => {
      const done = screen.getByText('CRM upload').closest('.ant-select-item') as HTMLElement;
      expect(within(done).getByText('In effect')).toBeTruthy();
      expect(within(done).getByText('150,000 people')).toBeTruthy();
    },
    { timeout: 8_000 },
  );
  expect(calls.filter((c) => c.path === '/scaler/v3/audiences').length).toBeGreaterThan(1);
}, 20_000);

test('why the latest upload failed is shown beside the status of the members in use', async () => {
  const reason = 'The last upload could not be saved. Upload the list again.';
  serve([{ ...audience(5000005, 'Old list', 2, 400), build_error: reason }, ...STANDING]);
  renderForm();
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Include people in these audiences' }));
  const option = (await screen.findByText('Old list')).closest('.ant-select-item') as HTMLElement;
  expect(within(option).getByLabelText(reason)).toBeTruthy();
  expect(within(option).getByText('In effect')).toBeTruthy();
}, 20_000);
