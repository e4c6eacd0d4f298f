import { FILE_KINDS, type FileKind, sniffFileType } from '@scaler/domain';
import { translateKey } from '../../i18n';

export type UploadProblem = 'format' | 'size';

/** How many leading bytes `sniffFileType` needs to recognise every known type. */
export const SNIFF_BYTES = 16;

/** The browser's first check of an upload, with the same table the server uses: type from the bytes, then size. */
export function checkUpload(kind: FileKind, head: Uint8Array, size: number): UploadProblem | null {
  const type = sniffFileType(head);
  if (!type || !(FILE_KINDS[kind].types as readonly string[]).includes(type)) return 'format';
  if (size > FILE_KINDS[kind].maxBytes) return 'size';
  return null;
}

export function uploadProblemText(kind: FileKind, problem: UploadProblem): string {
  return problem === 'format'
    ? translateKey('errors.file_format')
    : translateKey('errors.file_too_large', { max: FILE_KINDS[kind].maxBytes / 1024 / 1024 });
}

/** Reads the first bytes of a picked file and checks it; null when it may be uploaded. */
export async function checkPickedFile(kind: FileKind, file: Blob): Promise<UploadProblem | null> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return checkUpload(kind, head, file.size);
}

/** The `accept` attribute for a kind's file picker. */
export function acceptFor(kind: FileKind): string {
  return FILE_KINDS[kind].types.map((t) => (t === 'jpg' ? '.jpg,.jpeg' : `.${t}`)).join(',');
}
