import { CLICK_ID_PARAM, trimOrigin } from '@scaler/domain';

/**
 * What the simulated user's device does with an ad's markup: finds where a tap goes (the first click
 * target of a banner's HTML, `link.url` of native JSON, the `ClickThrough` of VAST), and, after the tap,
 * reads our click id from where it was redirected (the attribution partner's link or the landing page).
 */

export type MarkupKind = 'banner' | 'native' | 'video';

/** OpenRTB `mtype` (1 banner, 2 video, 4 native), or the markup's own look when it has none. */
export function markupKind(adm: string, mtype?: number): MarkupKind {
  if (mtype === 1) return 'banner';
  if (mtype === 2) return 'video';
  if (mtype === 4) return 'native';
  const head = adm.trimStart();
  if (head.startsWith('{')) return 'native';
  if (head.startsWith('<?xml') || /^<VAST\b/i.test(head)) return 'video';
  return 'banner';
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the entities of HTML or XML text (`&amp;`, `&#39;`, `&#x27;`). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#')
      return String.fromCodePoint(
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1)),
      );
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Where a tap on a banner goes: the first click target in the markup (an `<a href>` or a
 * `window.open('…')` handler), which is the outermost one, the element a tap anywhere on the ad reaches.
 */
function bannerClick(html: string): string | null {
  const targets = [
    /<a\b[^>]*?\bhref\s*=\s*"([^"]*)"/i,
    /<a\b[^>]*?\bhref\s*=\s*'([^']*)'/i,
    /window\.open\(\s*'([^']*)'/,
    /window\.open\(\s*"([^"]*)"/,
    /window\.open\(\s*&quot;(.*?)&quot;/,
  ];
  let first: { at: number; url: string } | null = null;
  for (const re of targets) {
    const m = re.exec(html);
    if (m && (!first || m.index < first.at)) first = { at: m.index, url: m[1] };
  }
  return first ? decodeEntities(first.url).trim() : null;
}

function nativeClick(json: string): string | null {
  try {
    const parsed = JSON.parse(json) as { native?: { link?: { url?: unknown } }; link?: { url?: unknown } };
    const url = (parsed.native ?? parsed).link?.url;
    return typeof url === 'string' && url ? url : null;
  } catch {
    return null;
  }
}

/** The text of an XML element: its CDATA sections joined (a `]]>` split across two), else its decoded text. */
function xmlText(inner: string): string {
  if (inner.includes('<![CDATA[')) {
    let out = '';
    for (const m of inner.matchAll(/<!\[CDATA\[([\s\S]*?)\]\]>/g)) out += m[1];
    return out.trim();
  }
  return decodeEntities(inner).trim();
}

function videoClick(vast: string): string | null {
  const m =
    /<ClickThrough\b[^>]*>([\s\S]*?)<\/ClickThrough>/i.exec(vast) ??
    /<CompanionClickThrough\b[^>]*>([\s\S]*?)<\/CompanionClickThrough>/i.exec(vast);
  const url = m ? xmlText(m[1]) : '';
  return url || null;
}

/** The URL a tap on the ad opens; null when the markup has none. */
export function clickUrlOf(adm: string, mtype?: number): string | null {
  const kind = markupKind(adm, mtype);
  if (kind === 'native') return nativeClick(adm);
  if (kind === 'video') return videoClick(adm);
  return bannerClick(adm);
}

/**
 * The URL with its origin replaced by `base`'s (the public URL in a bid may not be where the simulator
 * reaches the server). Only the origin changes: the path and query stay byte for byte.
 */
export function atOrigin(url: string, base: string): string {
  const origin = trimOrigin(base);
  if (url.startsWith('/')) return `${origin}${url}`;
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, origin);
}

const CLICK_ID_RE = /^[0-9a-f]{24}$/;

/**
 * Our click id in the address a click was redirected to: under `param` (the partner's click-id
 * parameter), under `sc_click_id` (a landing page), in any parameter that holds one, or anywhere in
 * the address as 24 hex characters. Null when there is none.
 */
export function clickIdOf(location: string, param?: string | null): string | null {
  let url: URL | null = null;
  try {
    url = new URL(location);
  } catch {
    url = null;
  }
  if (url) {
    for (const name of [param, CLICK_ID_PARAM]) {
      const value = name ? url.searchParams.get(name) : null;
      if (value && CLICK_ID_RE.test(value)) return value;
    }
    for (const value of url.searchParams.values()) if (CLICK_ID_RE.test(value)) return value;
  }
  return /(?<![0-9a-f])[0-9a-f]{24}(?![0-9a-f])/.exec(location)?.[0] ?? null;
}

/** The app (`app=`) or pixel (`px=`) a click URL of ours names. */
export function clickTarget(clickUrl: string): { app: string } | { pixel: string } | null {
  try {
    const params = new URL(clickUrl).searchParams;
    const app = params.get('app');
    if (app) return { app };
    const pixel = params.get('px');
    return pixel ? { pixel } : null;
  } catch {
    return null;
  }
}
