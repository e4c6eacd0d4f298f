import * as z from 'zod/mini';

/**
 * Upload rules, one table for server and console: the server reads the type from the bytes (magic
 * numbers), never from the name or the client's word.
 */
export const FILE_KINDS = {
  avatar: { types: ['png', 'jpg', 'gif', 'webp'], maxBytes: 2 * 1024 * 1024 },
  license: { types: ['pdf', 'png', 'jpg', 'webp'], maxBytes: 5 * 1024 * 1024 },
} as const;
export type FileKind = keyof typeof FILE_KINDS;
export type FileType = 'png' | 'jpg' | 'gif' | 'webp' | 'pdf';

export const FILE_MIME: Record<FileType, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** The type of a file from its first bytes, or null when it is none of the known types. */
export function sniffFileType(bytes: Uint8Array): FileType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpg';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'gif';
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  )
    return 'webp';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf';
  return null;
}

/** The file name extensions that belong to each type; a display name keeps one of them. */
export const FILE_EXTENSIONS: Record<FileType, readonly string[]> = {
  png: ['png'],
  jpg: ['jpg', 'jpeg'],
  gif: ['gif'],
  webp: ['webp'],
  pdf: ['pdf'],
};

/** Longest original file name kept for display. */
export const DISPLAY_NAME_MAX = 120;
/** The longest name `displayFileName` looks at (a longer one is cut first). */
const RAW_NAME_MAX = 1024;

/**
 * The name a user gave a file, made safe to show and to offer as a download name: no folders, no control
 * or invisible formatting characters (a right-to-left override can make `gpj.exe` read `exe.jpg`), at most
 * {@link DISPLAY_NAME_MAX} characters, and an extension that matches the real type (from the bytes).
 */
export function displayFileName(raw: string, type: FileType): string {
  const folder = Math.max(raw.lastIndexOf('/'), raw.lastIndexOf('\\'));
  let base = raw.slice(folder + 1);
  // No file system keeps a name of more than 255 bytes: a longer one is cut (its start and its
  // extension kept) before it is cleaned, so a megabyte of name costs no more than a real one.
  if (base.length > RAW_NAME_MAX) base = base.slice(0, RAW_NAME_MAX - 32) + base.slice(-32);
  const clean = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/^\.+/, '');
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 ? clean.slice(dot + 1).toLowerCase() : '';
  const stem = (FILE_EXTENSIONS[type].includes(ext) ? clean.slice(0, dot) : clean).trim() || 'file';
  const suffix = `.${FILE_EXTENSIONS[type][0]}`;
  return (
    [...stem]
      .slice(0, DISPLAY_NAME_MAX - suffix.length)
      .join('')
      .trim() + suffix
  );
}

/** POST /scaler/v3/files: the stored (random) name, the original name for display, avatars' url, size. */
export const ZUploadedFile = z
  .object({
    file: z.string(),
    name: z.string(),
    url: z.nullable(z.string()),
    size: z.int(),
  })
  .check(z.meta({ id: 'UploadedFile' }));
export type TUploadedFile = z.infer<typeof ZUploadedFile>;

/** A license file in a list: `file` is the stored name (the download key), `name` the original to show. */
export const ZLicenseFile = z
  .object({ file: z.string(), name: z.string() })
  .check(z.meta({ id: 'LicenseFile' }));
export type TLicenseFile = z.infer<typeof ZLicenseFile>;

export type AvatarType = 'adv' | 'bc' | 'member' | 'pay';
export const STATIC_HOST_PATH = '/static/';
export const DEFAULT_AVATARS: Record<AvatarType, string> = {
  adv: '/static/avatars/default-adv.svg',
  bc: '/static/avatars/default-bc.svg',
  member: '/static/avatars/default-member.svg',
  pay: '/static/avatars/default-pay.svg',
};

/** An avatar's URL: absolute URLs as they are, others from the static host path, none: the default. */
export function avatarUrl(avatar: string | null | undefined, type: AvatarType): string {
  if (!avatar) return DEFAULT_AVATARS[type];
  if (/^(https?:)?\/\//i.test(avatar) || avatar.startsWith('data:')) return avatar;
  if (avatar.startsWith(STATIC_HOST_PATH)) return avatar;
  return `${STATIC_HOST_PATH}${avatar.replace(/^\/+/, '')}`;
}
