import type { IndexedCreative } from './catalog';

/**
 * The ad markup (`adm`) of a bid: HTML for banners (an image, or the creative's own HTML), Native 1.2
 * JSON for native, VAST 4.0 XML for video (with the end card as a companion). Each carries the click URL
 * (the product's signed `/t/click`, which counts the click and sends the user on) and the creative's
 * third-party impression tracker when it has one. The billing notice (`burl`) is the impression of
 * record, so the markup carries no impression pixel of the product's own.
 */

export interface MarkupContext {
  creative: IndexedCreative;
  /** Origin + `/static/` for stored materials. */
  staticBase: string;
  clickUrl: string;
  /** The banner slot's size (for HTML creatives). */
  width: number;
  height: number;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
/** CDATA cannot hold `]]>`: split it across sections. */
const cdata = (s: string) => `<![CDATA[${s.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

function materialUrl(ctx: MarkupContext, role: string): string {
  const m = ctx.creative.materials.find((x) => x.role === role);
  return m?.file ? `${ctx.staticBase}${m.file}` : '';
}

function tracker(ctx: MarkupContext): string {
  const url = ctx.creative.impressionUrl;
  return url
    ? `<img src="${escapeHtml(url)}" width="1" height="1" style="position:absolute;border:0" alt="">`
    : '';
}

export function bannerMarkup(ctx: MarkupContext): string {
  const c = ctx.creative;
  if (c.type === 'html' && c.html !== null) {
    // The creative's own markup; a click anywhere in it goes through the click URL.
    return `<div style="position:relative;width:${ctx.width}px;height:${ctx.height}px" onclick="window.open('${escapeHtml(ctx.clickUrl)}')">${c.html}${tracker(ctx)}</div>`;
  }
  const img = materialUrl(ctx, 'image');
  return `<a href="${escapeHtml(ctx.clickUrl)}" target="_blank" rel="noopener"><img src="${escapeHtml(img)}" width="${c.width}" height="${c.height}" alt="${escapeHtml(c.title)}" style="border:0"></a>${tracker(ctx)}`;
}

/** The assets a Native 1.2 request asks for (the subset the bidder fills). */
export interface NativeAsk {
  id: number;
  required: boolean;
  kind: 'title' | 'main' | 'icon' | 'desc' | 'cta' | 'other';
  len?: number;
  w?: number;
  h?: number;
  wmin?: number;
  hmin?: number;
}

/** Reads a Native 1.2 request's assets; null when it is not one. */
export function parseNativeRequest(raw: unknown): NativeAsk[] | null {
  let req: unknown = raw;
  if (typeof raw === 'string') {
    try {
      req = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (!req || typeof req !== 'object') return null;
  const body = (req as { native?: unknown }).native ?? req;
  const assets = (body as { assets?: unknown }).assets;
  if (!Array.isArray(assets) || assets.length > 50) return null;
  const asks: NativeAsk[] = [];
  for (const a of assets) {
    if (!a || typeof a !== 'object') return null;
    const asset = a as Record<string, Record<string, unknown> | number | undefined>;
    const id = Number(asset.id);
    if (!Number.isInteger(id)) return null;
    const required = asset.required === 1;
    const img = asset.img as Record<string, unknown> | undefined;
    const data = asset.data as Record<string, unknown> | undefined;
    const title = asset.title as Record<string, unknown> | undefined;
    const n = (v: unknown) => (typeof v === 'number' ? v : undefined);
    if (title) asks.push({ id, required, kind: 'title', len: n(title.len) });
    else if (img)
      asks.push({
        id,
        required,
        kind: img.type === 1 ? 'icon' : img.type === 3 || img.type === undefined ? 'main' : 'other',
        w: n(img.w),
        h: n(img.h),
        wmin: n(img.wmin),
        hmin: n(img.hmin),
      });
    else if (data)
      asks.push({
        id,
        required,
        kind: data.type === 2 ? 'desc' : data.type === 12 ? 'cta' : 'other',
        len: n(data.len),
      });
    else asks.push({ id, required, kind: 'other' });
  }
  return asks;
}

/** Whether the creative can fill every required asset (sizes exact, or at least the minimum). */
export function nativeFits(c: IndexedCreative, asks: NativeAsk[]): boolean {
  const icon = c.materials.find((m) => m.role === 'icon');
  for (const a of asks) {
    if (!a.required) continue;
    if (a.kind === 'other') return false;
    if (a.kind === 'title' && (!c.title || (a.len !== undefined && c.title.length > a.len))) return false;
    if (a.kind === 'desc' && !c.description) return false;
    if (a.kind === 'cta' && !c.callToAction) return false;
    if (a.kind === 'main' || a.kind === 'icon') {
      const [w, h] = a.kind === 'main' ? [c.width, c.height] : [icon?.width ?? 0, icon?.height ?? 0];
      if (!w || !h) return false;
      if (a.w !== undefined && a.h !== undefined && (a.w !== w || a.h !== h)) return false;
      if ((a.wmin ?? 0) > w || (a.hmin ?? 0) > h) return false;
    }
  }
  return true;
}

export function nativeMarkup(ctx: MarkupContext, asks: NativeAsk[]): string {
  const c = ctx.creative;
  const icon = c.materials.find((m) => m.role === 'icon');
  const assets: unknown[] = [];
  for (const a of asks) {
    if (a.kind === 'title' && c.title) assets.push({ id: a.id, title: { text: c.title } });
    else if (a.kind === 'main')
      assets.push({ id: a.id, img: { url: materialUrl(ctx, 'image'), w: c.width, h: c.height } });
    else if (a.kind === 'icon' && icon)
      assets.push({ id: a.id, img: { url: materialUrl(ctx, 'icon'), w: icon.width, h: icon.height } });
    else if (a.kind === 'desc' && c.description) assets.push({ id: a.id, data: { value: c.description } });
    else if (a.kind === 'cta' && c.callToAction) assets.push({ id: a.id, data: { value: c.callToAction } });
  }
  return JSON.stringify({
    native: {
      ver: '1.2',
      assets,
      link: { url: ctx.clickUrl },
      eventtrackers: c.impressionUrl ? [{ event: 1, method: 1, url: c.impressionUrl }] : [],
    },
  });
}

const duration = (seconds: number) => {
  const s = Math.max(0, Math.round(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
};

export function vastMarkup(ctx: MarkupContext, adId: string): string {
  const c = ctx.creative;
  const video = c.materials.find((m) => m.role === 'video');
  const endcard = c.materials.find((m) => m.role === 'endcard');
  const impression = c.impressionUrl ? `<Impression>${cdata(c.impressionUrl)}</Impression>` : '';
  const companion = endcard?.file
    ? `<Creative id="${c.id}-endcard"><CompanionAds><Companion width="${endcard.width ?? 0}" height="${endcard.height ?? 0}"><StaticResource creativeType="${escapeHtml(endcard.mime)}">${cdata(materialUrl(ctx, 'endcard'))}</StaticResource><CompanionClickThrough>${cdata(ctx.clickUrl)}</CompanionClickThrough></Companion></CompanionAds></Creative>`
    : '';
  return (
    `<?xml version="1.0" encoding="UTF-8"?><VAST version="4.0"><Ad id="${escapeHtml(adId)}"><InLine>` +
    `<AdSystem version="1">Scaler</AdSystem><AdTitle>${cdata(c.title || `Creative ${c.id}`)}</AdTitle>${impression}` +
    `<Creatives><Creative id="${c.id}" adId="${c.id}"><UniversalAdId idRegistry="scaler">${c.id}</UniversalAdId>` +
    `<Linear><Duration>${duration(video?.duration ?? 0)}</Duration><MediaFiles>` +
    `<MediaFile delivery="progressive" type="${escapeHtml(video?.mime ?? 'video/mp4')}" width="${c.width}" height="${c.height}"${video?.bitrate ? ` bitrate="${video.bitrate}"` : ''}>${cdata(materialUrl(ctx, 'video'))}</MediaFile>` +
    `</MediaFiles><VideoClicks><ClickThrough>${cdata(ctx.clickUrl)}</ClickThrough></VideoClicks></Linear></Creative>` +
    `${companion}</Creatives></InLine></Ad></VAST>`
  );
}
