import { translateKey } from '../i18n';
import { loginPath } from '../lib/context';
import { contextHeaders } from './headers';

/** Every `/scaler/...` answer (decisions 2). */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export type ApiErrorKind = 'http' | 'business' | 'network' | 'cancelled';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status = 0,
    readonly code: number | null = null,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: HttpMethod;
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** No toast for a business error: the caller shows it (a form field, a result page). */
  silent?: boolean;
  /** Extra headers, applied over the context headers (e.g. the org-id of a URL not yet current). */
  headers?: Record<string, string>;
  /** Business codes returned to the caller as an envelope instead of raising (the routes call's -1). */
  acceptCodes?: readonly number[];
}

/**
 * List and detail reads that may run several times at once (spec 8): a repeated call to one of these is
 * not cancelled. Entries ending in `/` match every path below them.
 */
export const DEDUPE_WHITELIST: readonly string[] = [
  '/scaler/account/user_info',
  '/scaler/account/routes',
  '/scaler/account/email/token',
  '/scaler/v3/info/msg',
  '/scaler/v3/bc/list',
  '/scaler/v3/campaign/list2',
  '/scaler/v3/adgroup/list2',
  '/scaler/v3/creative/list2',
  '/scaler/v3/campaign',
  '/scaler/v3/creative',
  '/scaler/v3/campaign/adgroups',
  '/scaler/v3/adgroup/info',
  '/scaler/v3/adgroup/app/info',
  '/scaler/v3/adgroup/audience/status',
  '/scaler/v3/adgroups/infos',
  '/scaler/v3/log/list',
  '/scaler/v3/statis',
  '/scaler/v3/report/',
  '/scaler/v3/app',
  '/scaler/v3/app/event/report1',
  '/scaler/v3/pixel',
  '/scaler/v3/pixel/event/',
  '/scaler/v3/utils/',
  '/scaler/ex/utils/',
];

export function isDedupeExempt(path: string): boolean {
  return DEDUPE_WHITELIST.some((entry) => (entry.endsWith('/') ? path.startsWith(entry) : path === entry));
}

export interface ClientHooks {
  /** Shows a (translated) message to the user. */
  notify: (text: string) => void;
  /** Leaves for another console path (the router's navigate once the app runs). */
  navigate: (to: string) => void;
  headers: () => Record<string, string>;
  /** The page the user is on, for the login redirect. */
  currentPath: () => string;
}

const defaultHooks: ClientHooks = {
  notify: (text) => console.warn(text),
  navigate: (to) => window.location.assign(to),
  headers: () => contextHeaders(),
  currentPath: () => `${window.location.pathname}${window.location.search}`,
};
let hooks: ClientHooks = { ...defaultHooks };

export function configureApiClient(partial: Partial<ClientHooks>): void {
  hooks = { ...hooks, ...partial };
}
export function resetApiClient(): void {
  hooks = { ...defaultHooks };
  inFlight.clear();
  lastNotice = { text: '', at: 0 };
}

/** The same message several calls raise (a 401 on every query) is shown once while it is on screen (3 s). */
let lastNotice = { text: '', at: 0 };
function notifyOnce(text: string): void {
  const now = Date.now();
  if (lastNotice.text === text && now - lastNotice.at < 3000) return;
  lastNotice = { text, at: now };
  hooks.notify(text);
}

function goToLogin(): void {
  const current = hooks.currentPath();
  if (current.startsWith('/login')) return;
  hooks.navigate(loginPath(current));
}

const INT_ARGUMENT_RE = [/int\(\) argument must be a string/i, /int argument/i];

async function clearSessionAndLogin(): Promise<void> {
  try {
    await fetch('/scaler/account/logout', { method: 'POST', credentials: 'same-origin' });
  } catch {
    // The cookie is cleared below either way.
  }
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: spec 8 asks to clear the cookies the page can reach.
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  goToLogin();
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
  );
}

const inFlight = new Map<string, AbortController>();

function isAbort(error: unknown): boolean {
  return error instanceof DOMException
    ? error.name === 'AbortError'
    : (error as Error)?.name === 'AbortError';
}

const serverError = () => new ApiError('network', translateKey('errors.server'));

/**
 * The one fetch wrapper: headers, duplicate cancelling and the error catalogue of spec 8. A repeated
 * call with the same method and the same full URL (path and query) cancels the one still running;
 * the same path with another query (page 2 of a list while page 1 loads) is another request.
 */
export async function requestEnvelope<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const method = options.method ?? 'GET';
  const url = buildUrl(path, options.query);
  const dedupeKey = `${method} ${url}`;
  const controller = new AbortController();
  if (!isDedupeExempt(path)) {
    inFlight.get(dedupeKey)?.abort();
    inFlight.set(dedupeKey, controller);
  }
  const onOuterAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onOuterAbort);
  const headers: Record<string, string> = { ...hooks.headers(), ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  let body: unknown = null;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
    // An abort while the body is read (the caller left, or a repeat replaced it) is a cancel too;
    // any other unreadable body is judged by handleResponse.
    body = await response.json().catch((error: unknown) => {
      if (isAbort(error) || controller.signal.aborted) throw error;
      return null;
    });
  } catch (error) {
    if (isAbort(error) || controller.signal.aborted) throw new ApiError('cancelled', 'cancelled');
    notifyOnce(translateKey('errors.server'));
    throw serverError();
  } finally {
    options.signal?.removeEventListener('abort', onOuterAbort);
    if (inFlight.get(dedupeKey) === controller) inFlight.delete(dedupeKey);
  }
  return handleResponse<T>(response, body, options);
}

function handleResponse<T>(response: Response, body: unknown, options: RequestOptions): Envelope<T> {
  const { status } = response;
  if (status === 401 || status === 402) {
    const text = translateKey(status === 401 ? 'errors.unauthenticated' : 'errors.session_expired');
    notifyOnce(text);
    goToLogin();
    throw new ApiError('http', text, status, isEnvelope(body) ? body.code : null);
  }
  if (status === 403) {
    // The server names the cause (`data.cause`: the center's status or type, the account's status, the role).
    const cause = isEnvelope(body) ? (body.data as { cause?: unknown } | null)?.cause : undefined;
    const named = typeof cause === 'string' ? translateKey(`errors.forbidden_${cause}`) : null;
    const text = named && named !== `errors.forbidden_${cause}` ? named : translateKey('errors.forbidden');
    if (!options.silent) notifyOnce(text);
    throw new ApiError('http', text, status, isEnvelope(body) ? body.code : null);
  }
  if (status >= 500 || !isEnvelope(body)) {
    notifyOnce(translateKey('errors.server'));
    throw new ApiError('network', translateKey('errors.server'), status);
  }
  if (body.code === 0 || options.acceptCodes?.includes(body.code)) return body as Envelope<T>;

  const text = body.msg || translateKey('errors.server');
  if (INT_ARGUMENT_RE.some((re) => re.test(text))) {
    void clearSessionAndLogin();
  } else if (!options.silent) {
    notifyOnce(text);
  }
  throw new ApiError('business', text, status, body.code, body.data);
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await requestEnvelope<T>(path, options)).data;
}
