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
