import type { FileKind, TUploadedFile } from '@scaler/domain';
import { ApiError, type Envelope } from '../../api/client';
import { contextHeaders } from '../../api/headers';
import { translateKey } from '../../i18n';

/**
 * POST /scaler/v3/files?kind=: multipart with one part `file`; the answer (`TUploadedFile`) names the
 * stored file, its original name for display, and for avatars the `avatars/<file>` url. The JSON client
 * cannot send a form, so this call reads the same envelope itself; the caller shows the error (an upload
 * list item), the upload quota's included.
 */
export async function uploadFile(kind: FileKind, file: File, signal?: AbortSignal): Promise<TUploadedFile> {
  const body = new FormData();
  body.append('file', file, file.name);
  let envelope: Envelope<TUploadedFile> | null = null;
  let status = 0;
  try {
    const response = await fetch(`/scaler/v3/files?kind=${kind}`, {
      method: 'POST',
      headers: contextHeaders(),
      credentials: 'same-origin',
      body,
      signal,
    });
    status = response.status;
    envelope = await response.json().catch(() => null);
  } catch {
    throw new ApiError('network', translateKey('errors.server'));
  }
  if (envelope && typeof envelope.code === 'number') {
    if (envelope.code === 0 && status < 400) return envelope.data;
    throw new ApiError('business', envelope.msg || translateKey('errors.server'), status, envelope.code);
  }
  throw new ApiError('network', translateKey('errors.server'), status);
}

export type LicenseOwner = { org_id: number } | { adv_id: number };

/** GET /scaler/account/license_files/:file?org_id=|adv_id= (a download). */
export function licenseFileUrl(file: string, owner: LicenseOwner): string {
  const [key, value] = Object.entries(owner)[0] as [string, number];
  return `/scaler/account/license_files/${encodeURIComponent(file)}?${key}=${value}`;
}
