import { menusFor } from '@scaler/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '../api/client';
import { FeedbackProvider } from '../components/feedback';
import { createQueryClient } from './queryClient';
import { routes } from './router';

const user = {
  _id: 'u1',
  name: 'Sam Standard',
  email: 'user@demo.test',
  avatar_middle: null,
  orgs: [
    { org_id: 1, org_name: 'Northwind', avatar: null, org_status: 1, org_role: 'org_user', org_type: 1 },
  ],
  advs: [],
  mark: 0,
  status_fee: 0,
  v: 0,
  is_operator: false,
  language: 'en-US',
};

function serve(answers: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0];
      const body = answers[path] ?? { code: 0, msg: '', data: null };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  configureApiClient({ notify: () => {}, navigate: (to) => void router.navigate(to) });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <FeedbackProvider>
        <RouterProvider router={router} />
      </FeedbackProvider>
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
});

describe('router guard in the app', () => {
  test('without a session the user lands on login with the page as redirect', async () => {
    serve({ '/scaler/account/routes': { code: -1, msg: 'not logged in', data: null } });
    const router = renderAt('/manage/overview?org=1');
    // Pages load lazily: the login page's code is fetched after the redirect.
    expect(await screen.findByRole('button', { name: 'Log in' }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/manage/overview?org=1')}`);
  });

  test('a standard user opening the partners page sees 403 inside the console', async () => {
    const menus = menusFor({ orgRole: 'org_user', orgType: 1, orgStatus: 1 });
    serve({
      '/scaler/account/routes': { code: 0, msg: '', data: { menus, advs: [] } },
      '/scaler/account/user_info': { code: 0, msg: '', data: user },
      '/scaler/v3/bc/list': { code: 0, msg: '', data: user.orgs },
      '/scaler/v3/info/msg': { code: 0, msg: '', data: { list: [], unread: 0 } },
    });
    renderAt('/manage/partner?org=1');
    expect(await screen.findByText('No operation permission', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to the overview' })).toBeTruthy();
    expect(screen.getByText('Members')).toBeTruthy();
    expect(screen.queryByText('Partners')).toBeNull();
  });

  test('unknown paths show the not-found page', async () => {
    serve({});
    renderAt('/no/such/page');
    expect(await screen.findByText('Page not found', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
