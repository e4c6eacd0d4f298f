import type { Api } from './api';

/** Calls an asset endpoint as `api` on advertiser account `adv` of center `org` (the org-id and adv-id headers). */
export async function assetCall<T = unknown>(
  api: Api,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { org: number; adv: number; data?: unknown },
): Promise<{ code: number; msg: string; data: T; status: number }> {
  const res = await api.request.fetch(path, {
    method,
    data: options.data,
    headers: { language: 'en-US', 'org-id': String(options.org), 'adv-id': String(options.adv) },
  });
  return { ...(await res.json()), status: res.status() };
}

/** Creates a web pixel through the API and returns its id. */
export async function createPixel(
  api: Api,
  ctx: { org: number; adv: number },
  pixel: { name: string; events?: unknown[]; mode?: 1 | 2; conversion_type?: number },
): Promise<string> {
  const body = await assetCall<{ _id: string }>(api, 'POST', '/scaler/v3/pixel', {
    ...ctx,
    data: { conversion_type: 1, mode: 1, ...pixel },
  });
  if (body.code !== 0) throw new Error(`pixel not created: ${JSON.stringify(body)}`);
  return body.data._id;
}

/** Sends one event to the pixel's public collection endpoint, as the pixel script would. */
export async function collectPixelEvent(
  api: Api,
  event: {
    pixel_id: string;
    event: string;
    event_id?: string;
    url?: string;
    value?: number;
    currency?: string;
  },
): Promise<{ code: number; msg: string }> {
  const res = await api.request.post('/px/collect', { data: event });
  return res.json();
}
