import type { MenuItem, Menus } from '@scaler/domain';

/** The label key (`menu.members`) of the menu entry with this path, in either area. */
export function menuNameOf(menus: Menus, path: string): string | null {
  const walk = (items: readonly MenuItem[]): string | null => {
    for (const item of items) {
      const child = item.children ? walk(item.children) : null;
      if (child) return child;
      if (item.path === path) return item.name;
    }
    return null;
  };
  return walk(menus.manage) ?? walk(menus.ads);
}
