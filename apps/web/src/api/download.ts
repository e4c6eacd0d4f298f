import { downloadFile } from '../lib/csv';
import { ApiError } from './client';
import { contextHeaders } from './headers';

/**
 * A file the server makes (a statement): fetched with the page's context headers (the org and account of
 * the URL, language, time zone), then saved through the browser's download under the name the server
 * gives. A refusal answers the JSON envelope: it is raised with the server's message.
 */
export async function downloadFrom(path: string, query: Record<string, string>): Promise<void> {
  const url = `${path}?${new URLSearchParams(query).toString()}`;
  let response: Response;
  try {
    response = await fetch(url, { headers: contextHeaders(), credentials: 'same-origin' });
  } catch {
    throw new ApiError('network', 'network');
  }
  if ((response.headers.get('content-type') ?? '').includes('json') || !response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: number; msg?: string } | null;
    throw new ApiError('http', body?.msg ?? response.statusText, response.status, body?.code ?? null);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'download';
  downloadFile(name, await response.blob());
}
