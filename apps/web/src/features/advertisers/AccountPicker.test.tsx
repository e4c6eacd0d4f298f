import type { TAdvAssignment, TAdvertiserRow } from '@scaler/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { resetApiClient } from '../../api/client';
import { createQueryClient } from '../../app/queryClient';
import { FeedbackProvider } from '../../components/feedback';
import { AccountPicker } from './AccountPicker';
import { PICKER_PAGE_SIZE } from './accountPicker';

/** A center of 35 accounts; the last five are shared by a partner at the operator role. */
const ACCOUNTS: TAdvertiserRow[] = Array.from({ length: 35 }, (_, i) => ({
  adv_id: 1000001 + i,
  adv_name: `Account ${i + 1}`,
  org_id: 100001,
  owner_org_id: i < 30 ? 100001 : 100009,
  owner_org_name: i < 30 ? 'Northwind' : 'Partner Co',
  status: 1,
  adv_role: i < 30 ? 'role_admin' : 'role_operator',
  shared: i >= 30,
  closed: false,
  company_name: '',
  currency: 'USD',
  timezone: '+00:00',
  timezone_name: 'UTC',
  created_at: '2026-01-01T00:00:00Z',
}));

/** Answers GET /scaler/v3/advs like the server: search, own/shared filter, one page. */
function serveAccounts() {
  const calls: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const params = new URL(url, 'http://console.test').searchParams;
      calls.push(params);
      const q = params.get('q')?.toLowerCase() ?? '';
      const matching = ACCOUNTS.filter(
        (a) =>
          (!q || a.adv_name.toLowerCase().includes(q) || String(a.adv_id).includes(q)) &&
          (params.get('shared') === null || String(a.shared) === params.get('shared')),
      );
      const page = Number(params.get('page'));
      const size = Number(params.get('page_size'));
      const list = matching.slice((page - 1) * size, page * size);
      return new Response(JSON.stringify({ code: 0, msg: '', data: { list, total: matching.length } }));
    }),
  );
  return calls;
}

let latest: TAdvAssignment[] = [];
function Harness({ ownOnly = false }: { ownOnly?: boolean }) {
  const [value, setValue] = useState<TAdvAssignment[]>([]);
  latest = value;
  return <AccountPicker org={100001} ownOnly={ownOnly} value={value} onChange={setValue} />;
}

function renderPicker(ownOnly = false) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <FeedbackProvider>
        <Harness ownOnly={ownOnly} />
      </FeedbackProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
});

test('the picker loads a page at a time, searches on the server and keeps ticks across pages', async () => {
  const calls = serveAccounts();
  renderPicker();
  await screen.findByText('Account 1');
  expect(calls.at(-1)?.get('page_size')).toBe(String(PICKER_PAGE_SIZE));
  expect(calls.at(-1)?.get('closed')).toBe('false');
  expect(screen.queryByText(`Account ${PICKER_PAGE_SIZE + 1}`)).toBeNull();

  fireEvent.click(screen.getByRole('checkbox', { name: 'Select Account 2' }));
  fireEvent.click(screen.getByTitle('2'));
  await screen.findByText(`Account ${PICKER_PAGE_SIZE + 1}`);
  expect(calls.at(-1)?.get('page')).toBe('2');
  fireEvent.click(screen.getByRole('checkbox', { name: `Select Account ${PICKER_PAGE_SIZE + 1}` }));
  expect(latest.map((a) => a.adv_id)).toEqual([1000002, 1000001 + PICKER_PAGE_SIZE]);
  expect(screen.getByText('2 accounts selected')).toBeTruthy();

  const search = screen.getByRole('searchbox', { name: 'Search by account name or ID' });
  fireEvent.change(search, { target: { value: 'Account 33' } });
  fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await screen.findByText('Shared by Partner Co');
  expect(calls.at(-1)?.get('q')).toBe('Account 33');
  expect(calls.at(-1)?.get('page')).toBe('1');
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select Account 33' }));
  // A shared account starts at the least role, never above what the partner shares.
  await waitFor(() => expect(latest).toHaveLength(3));
  expect(latest[2]).toEqual({ adv_id: 1000033, adv_role: 'role_analyst' });
}, 20_000);

test('a partner share picker asks for the center’s own accounts only', async () => {
  const calls = serveAccounts();
  renderPicker(true);
  await screen.findByText('Account 1');
  expect(calls.at(-1)?.get('shared')).toBe('false');
});
