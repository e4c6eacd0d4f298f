/** The console's context lives in the URL: `org` selects the business center, `adv` the advertiser account. */
export interface UrlContext {
  org: number | null;
  adv: number | null;
}

function toId(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  return Number(value);
}

export function readContext(search: string): UrlContext {
  const params = new URLSearchParams(search);
  return { org: toId(params.get('org')), adv: toId(params.get('adv')) };
}

/** Builds `path?org=..&adv=..` keeping any query already on the path. Null values are left out. */
export function withContext(path: string, ctx: Partial<UrlContext>): string {
  const [pathname, query = ''] = path.split('?');
  const params = new URLSearchParams(query);
  for (const key of ['org', 'adv'] as const) {
    const value = ctx[key];
    if (value === null) params.delete(key);
    else if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** A same-origin path (`/x`, not `//host` or `http://`) usable as a post-login redirect. */
export function safeRedirect(value: string | null | undefined, fallback = '/select'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (value.startsWith('/login')) return fallback;
  return value;
}

export function loginPath(redirect?: string): string {
  return redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login';
}
