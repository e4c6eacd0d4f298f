export type AvatarType = 'adv' | 'bc' | 'member' | 'pay';

/** Absolute URLs pass through; others load from the static host; missing ones use the type's default. */
export function avatarUrl(value: string | null | undefined, type: AvatarType): string {
  if (!value) return `/static/avatars/default-${type}.svg`;
  if (/^(https?:)?\/\//i.test(value) || value.startsWith('data:') || value.startsWith('/')) return value;
  return `/static/${value}`;
}
