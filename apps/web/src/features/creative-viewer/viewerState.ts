import { CREATIVE_TYPES, type CreativeType } from '@scaler/domain';

/** The creative viewer's filters in the URL (`q`, `type`, `review`, `page`); `org` and `adv` untouched. */
export interface ViewerState {
  q: string;
  type: CreativeType | null;
  review: number | null;
  page: number;
}

export function readViewerState(search: string): ViewerState {
  const p = new URLSearchParams(search);
  const type = p.get('type');
  const review = p.get('review');
  const page = p.get('page');
  return {
    q: (p.get('q') ?? '').trim().slice(0, 100),
    type: (CREATIVE_TYPES as readonly string[]).includes(type ?? '') ? (type as CreativeType) : null,
    review: review !== null && /^[0-3]$/.test(review) ? Number(review) : null,
    page: page && /^\d{1,5}$/.test(page) && Number(page) > 0 ? Number(page) : 1,
  };
}

/** The search with some filters changed; any change but the page goes back to page 1. */
export function writeViewerState(search: string, next: Partial<ViewerState>): string {
  const p = new URLSearchParams(search);
  const set = (key: string, value: string | number | null) => {
    if (value === null || value === '' || (key === 'page' && value === 1)) p.delete(key);
    else p.set(key, String(value));
  };
  if (next.q !== undefined) set('q', next.q);
  if (next.type !== undefined) set('type', next.type);
  if (next.review !== undefined) set('review', next.review);
  set('page', next.page ?? 1);
  const text = p.toString();
  return text ? `?${text}` : '';
}
