import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  ApiError,
  configureApiClient,
  isDedupeExempt,
  request,
  requestEnvelope,
  resetApiClient,
} from './client';

const notify = vi.fn();
const navigate = vi.fn();

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function mockFetch(impl: (url: string, init: RequestInit) => Promise<Response>) {
  const fn = vi.fn(impl);
  vi.stubGlobal('fetch', fn);
  return fn;
}

beforeEach(() => {
  configureApiClient({
    notify,
    navigate,
    headers: () => ({ language: 'en-US' }),
    currentPath: () => '/report/index?org=1',
  });
});
afterEach(() => {
  resetApiClient();
  vi.unstubAllGlobals();
  notify.mockReset();
  navigate.mockReset();
});

describe('request', () => {
  test('returns data for code 0 and sends the context headers', async () => {
    const fetchFn = mockFetch(async () => json({ code: 0, msg: 'ok', data: { a: 1 } }));
    await expect(request('/scaler/v3/bc/list', { query: { page: 2, q: '' } })).resolves.toEqual({ a: 1 });
    const [url, init] = fetchFn.mock.calls[0];
    expect(url).toBe('/scaler/v3/bc/list?page=2');
    expect((init.headers as Record<string, string>).language).toBe('en-US');
    expect(notify).not.toHaveBeenCalled();
  });

  test('401 tells the user to log in and goes to login with a redirect', async () => {
    mockFetch(async () => json({ code: 40100, msg: 'x', data: null }, 401));
    await expect(request('/scaler/account/user_info')).rejects.toMatchObject({ status: 401 });
    expect(notify).toHaveBeenCalledWith('You are not logged in, please log in.');
    expect(navigate).toHaveBeenCalledWith(`/login?redirect=${encodeURIComponent('/report/index?org=1')}`);
  });

  test('402 says the login timed out and goes to login', async () => {
    mockFetch(async () => new Response('', { status: 402 }));
    await expect(request('/scaler/v3/info/msg')).rejects.toBeInstanceOf(ApiError);
    expect(notify).toHaveBeenCalledWith('Login timed out, please log in again.');
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  test('403 says no permission and stays', async () => {
    mockFetch(async () => json({ code: 40300, msg: 'nope', data: null }, 403));
    await expect(request('/scaler/v3/bc')).rejects.toMatchObject({ status: 403 });
    expect(notify).toHaveBeenCalledWith('No operation permission.');
    expect(navigate).not.toHaveBeenCalled();
  });

  test('a 403 with its cause says it (issue 18)', async () => {
    mockFetch(async () => json({ code: 40300, msg: 'nope', data: { cause: 'adv_status' } }, 403));
    await expect(request('/scaler/v3/campaign')).rejects.toMatchObject({ status: 403 });
    expect(notify).toHaveBeenCalledWith(
      expect.stringMatching(/^No operation permission: the advertiser account is not active/),
    );
  });

  test('a business code shows the server msg, unless the caller opts out', async () => {
    mockFetch(async () => json({ code: 10001, msg: 'Incorrect e-mail or password.', data: null }));
    await expect(request('/scaler/account/login', { method: 'POST', body: {} })).rejects.toMatchObject({
      kind: 'business',
      code: 10001,
    });
    expect(notify).toHaveBeenCalledWith('Incorrect e-mail or password.');
    notify.mockReset();
    await expect(request('/scaler/account/login', { method: 'POST', silent: true })).rejects.toThrow(
      'Incorrect e-mail or password.',
    );
    expect(notify).not.toHaveBeenCalled();
  });

  test('429 with an envelope shows its msg', async () => {
    mockFetch(async () => json({ code: 42900, msg: 'Too many failed attempts.', data: null }, 429));
    await expect(request('/scaler/account/login', { method: 'POST' })).rejects.toBeInstanceOf(ApiError);
    expect(notify).toHaveBeenCalledWith('Too many failed attempts.');
  });

  test('an int argument message clears cookies, logs out and goes to login', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test plants a cookie the client must clear.
    document.cookie = 'token=abc; path=/';
    const fetchFn = mockFetch(async (url) =>
      url === '/scaler/account/logout'
        ? json({ code: 0, msg: '', data: null })
        : json({ code: 1, msg: "int() argument must be a string, not 'NoneType'", data: null }),
    );
    await expect(request('/scaler/v3/campaign/list2', { method: 'POST' })).rejects.toBeInstanceOf(ApiError);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(fetchFn.mock.calls.some(([url]) => url === '/scaler/account/logout')).toBe(true);
    expect(document.cookie).not.toContain('token=abc');
    expect(notify).not.toHaveBeenCalled();
  });

  test('network failures, 5xx and non-JSON bodies show the generic message', async () => {
    mockFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(request('/scaler/v3/bc/list')).rejects.toMatchObject({ kind: 'network' });
    expect(notify).toHaveBeenLastCalledWith('Serve error, please try again!');
    resetApiClient();
    configureApiClient({ notify, navigate });
    mockFetch(async () => new Response('<html>', { status: 200 }));
    await expect(request('/scaler/v3/bc/list')).rejects.toMatchObject({ kind: 'network' });
    expect(notify).toHaveBeenCalledTimes(2);
  });

  test('the routes call returns code -1 to the caller without a toast', async () => {
    mockFetch(async () => json({ code: -1, msg: 'not logged in', data: null }));
    const envelope = await requestEnvelope('/scaler/account/routes', { acceptCodes: [-1] });
    expect(envelope.code).toBe(-1);
    expect(notify).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('duplicate requests', () => {
  function pendingFetch() {
    return mockFetch(
      (_url, init) =>
        new Promise<Response>((resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          setTimeout(() => resolve(json({ code: 0, msg: '', data: 'done' })), 20);
        }),
    );
  }

  test('a repeated call cancels the earlier one, silently', async () => {
    pendingFetch();
    const first = request('/scaler/v3/campaign/status', { method: 'PUT', body: { a: 1 } });
    const second = request('/scaler/v3/campaign/status', { method: 'PUT', body: { a: 2 } });
    await expect(first).rejects.toMatchObject({ kind: 'cancelled' });
    await expect(second).resolves.toBe('done');
    expect(notify).not.toHaveBeenCalled();
  });

  test('the same path with another query is another request: both answer', async () => {
    const fetchMock = pendingFetch();
    const results = await Promise.all([
      request('/scaler/v3/advs', { query: { page: 1, page_size: 20 } }),
      request('/scaler/v3/advs', { query: { page: 2, page_size: 20 } }),
    ]);
    expect(results).toEqual(['done', 'done']);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/scaler/v3/advs?page=1&page_size=20',
      '/scaler/v3/advs?page=2&page_size=20',
    ]);
  });

  test('the same full URL twice: the earlier GET is cancelled, the later one answers', async () => {
    pendingFetch();
    const first = request('/scaler/v3/advs', { query: { page: 1, q: 'shoes' } });
    const second = request('/scaler/v3/advs', { query: { page: 1, q: 'shoes' } });
    await expect(first).rejects.toMatchObject({ kind: 'cancelled' });
    await expect(second).resolves.toBe('done');
    expect(notify).not.toHaveBeenCalled();
  });

  test('whitelisted list and detail paths run side by side', async () => {
    pendingFetch();
    const results = await Promise.all([request('/scaler/v3/bc/list'), request('/scaler/v3/bc/list')]);
    expect(results).toEqual(['done', 'done']);
    expect(isDedupeExempt('/scaler/v3/utils/country')).toBe(true);
    expect(isDedupeExempt('/scaler/account/login')).toBe(false);
  });

  test('a call aborted by its caller is ignored without a message', async () => {
    pendingFetch();
    const controller = new AbortController();
    const pending = request('/scaler/v3/info/msg', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled' });
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('aborts are never errors to the user (spec 8)', () => {
  /** Headers at once, the body only when the signal fires (then the read fails as a browser's does). */
  function bodyAbortedOnSignal() {
    return mockFetch(
      async (_url, init) =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(stream) {
              init.signal?.addEventListener('abort', () =>
                stream.error(new DOMException('The user aborted a request.', 'AbortError')),
              );
            },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    );
  }

  test('aborted by the caller while the body is read: cancelled, no message', async () => {
    const fetchFn = bodyAbortedOnSignal();
    const controller = new AbortController();
    const pending = request('/scaler/v3/audiences', { signal: controller.signal });
    await vi.waitFor(() => expect(fetchFn).toHaveBeenCalled());
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled' });
    expect(notify).not.toHaveBeenCalled();
  });

  test('replaced by a repeat while the body is read: cancelled, no message', async () => {
    const fetchFn = bodyAbortedOnSignal();
    const first = request('/scaler/v3/advs', { query: { page: 1 } });
    await vi.waitFor(() => expect(fetchFn).toHaveBeenCalledTimes(1));
    fetchFn.mockImplementationOnce(async () => json({ code: 0, msg: '', data: 'second' }));
    const second = request('/scaler/v3/advs', { query: { page: 1 } });
    await expect(first).rejects.toMatchObject({ kind: 'cancelled' });
    await expect(second).resolves.toBe('second');
    expect(notify).not.toHaveBeenCalled();
  });

  test('aborted before the answer: cancelled, no message', async () => {
    mockFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = request('/scaler/v3/audiences', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled' });
    expect(notify).not.toHaveBeenCalled();
  });

  test('a body that is not JSON, not aborted, is still a server error', async () => {
    mockFetch(async () => new Response('<html>', { status: 200 }));
    await expect(request('/scaler/v3/audiences')).rejects.toMatchObject({ kind: 'network' });
    expect(notify).toHaveBeenCalledWith('Serve error, please try again!');
  });
});
