/**
 * `/perf/new`'s state in the URL: the step (`campaign`, `adgroup`, `creatives`) and the objects being
 * edited (`campaign_id`, `adgroup_id`, `creative_id`). A new campaign has none; saving a step writes the
 * new id into the URL and moves on, so a reload or a shared link lands on the same form. `org` and
 * `adv` stay untouched; anything invalid is ignored.
 */

export const EDITOR_STEPS = ['campaign', 'adgroup', 'creatives'] as const;
export type EditorStep = (typeof EDITOR_STEPS)[number];

export interface EditorState {
  step: EditorStep;
  campaignId: number | null;
  adgroupId: number | null;
  creativeId: number | null;
}

const id = (value: string | null): number | null =>
  value !== null && /^\d{1,10}$/.test(value) && Number(value) > 0 && Number(value) <= 2_147_483_647
    ? Number(value)
    : null;

export function readEditorState(search: string): EditorState {
  const p = new URLSearchParams(search);
  const campaignId = id(p.get('campaign_id'));
  const adgroupId = campaignId === null ? null : id(p.get('adgroup_id'));
  const creativeId = adgroupId === null ? null : id(p.get('creative_id'));
  const asked = p.get('step');
  let step: EditorStep = (EDITOR_STEPS as readonly string[]).includes(asked ?? '')
    ? (asked as EditorStep)
    : 'campaign';
  // A later step needs its parent: without a campaign only the campaign form makes sense.
  if (campaignId === null) step = 'campaign';
  else if (step === 'creatives' && adgroupId === null) step = 'adgroup';
  return { step, campaignId, adgroupId, creativeId };
}

export function writeEditorState(search: string, next: Partial<EditorState>): string {
  const p = new URLSearchParams(search);
  const set = (key: string, value: string | number | null | undefined) => {
    if (value === undefined) return;
    if (value === null) p.delete(key);
    else p.set(key, String(value));
  };
  set('step', next.step);
  set('campaign_id', next.campaignId);
  set('adgroup_id', next.adgroupId);
  set('creative_id', next.creativeId);
  const text = p.toString();
  return text ? `?${text}` : '';
}

/** The edit link of a list row: the form of that object, its parents in the URL. */
export function editLink(
  search: string,
  row: { campaign_id: number; adgroup_id?: number; creative_id?: number },
): string {
  const p = new URLSearchParams(search);
  for (const key of ['status', 'q', 'sort', 'order', 'page', 'page_size', 'campaign_ids', 'adgroup_ids']) {
    p.delete(key);
  }
  const base = p.toString();
  const step: EditorStep =
    row.creative_id !== undefined ? 'creatives' : row.adgroup_id !== undefined ? 'adgroup' : 'campaign';
  return `/perf/new${writeEditorState(base ? `?${base}` : '', {
    step,
    campaignId: row.campaign_id,
    adgroupId: row.adgroup_id ?? null,
    creativeId: row.creative_id ?? null,
  })}`;
}
