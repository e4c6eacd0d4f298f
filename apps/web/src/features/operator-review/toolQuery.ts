import {
  ADV_STATUS,
  ADV_STATUSES,
  type AdvStatus,
  TOPUP_STATUSES,
  type TopupStatusName,
  VERIFICATION_STATUSES,
  type VerificationStatus,
} from '@scaler/domain';

export const TOOL_TABS = ['centers', 'accounts', 'creatives', 'topups', 'exchanges', 'log'] as const;
export type ToolTab = (typeof TOOL_TABS)[number];
export const LOG_PAGE_SIZES = [20, 50, 100] as const;
const DEFAULT_LOG_PAGE_SIZE = 20;

/**
 * The operator tool's state in the URL: `tab`, the queue's `status`, the selected `id`, the page (log,
 * top-ups), the `center` whose wallets the top-ups tab shows for credit lines.
 */
export interface ToolQuery {
  tab: ToolTab;
  centerStatus: VerificationStatus;
  advStatus: AdvStatus;
  topupStatus: TopupStatusName;
  center: number | null;
  /** The selected center (org_id) or account (adv_id) of the queue. */
  id: number | null;
  page: number;
  pageSize: number;
}

function positiveInt(value: string | null): number | null {
  return value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

export function readToolQuery(search: string): ToolQuery {
  const params = new URLSearchParams(search);
  const tab = params.get('tab');
  const status = params.get('status') ?? '';
  const pageSize = positiveInt(params.get('page_size'));
  return {
    tab: (TOOL_TABS as readonly string[]).includes(tab ?? '') ? (tab as ToolTab) : 'centers',
    centerStatus: (VERIFICATION_STATUSES as readonly string[]).includes(status)
      ? (status as VerificationStatus)
      : 'pending',
    advStatus:
      /^\d$/.test(status) && (ADV_STATUSES as readonly number[]).includes(Number(status))
        ? (Number(status) as AdvStatus)
        : ADV_STATUS.review,
    topupStatus: (TOPUP_STATUSES as readonly string[]).includes(status)
      ? (status as TopupStatusName)
      : 'pending',
    center: positiveInt(params.get('center')),
    id: positiveInt(params.get('id')),
    page: positiveInt(params.get('page')) ?? 1,
    pageSize:
      pageSize && (LOG_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_LOG_PAGE_SIZE,
  };
}

export type ToolQueryPatch = Partial<Pick<ToolQuery, 'tab' | 'id' | 'page' | 'pageSize' | 'center'>> & {
  status?: VerificationStatus | AdvStatus | TopupStatusName;
};

/**
 * The query string with `patch` applied, keeping unrelated parameters. Another tab starts with its own
 * defaults; another status clears the selection; defaults are left out of the URL.
 */
export function writeToolQuery(search: string, patch: ToolQueryPatch): string {
  const params = new URLSearchParams(search);
  const current = readToolQuery(search);
  const set = (key: string, value: string | number | null | undefined) => {
    if (value === null || value === undefined || value === '') params.delete(key);
    else params.set(key, String(value));
  };
  if (patch.tab !== undefined && patch.tab !== current.tab) {
    for (const key of ['status', 'id', 'page', 'page_size', 'center']) params.delete(key);
    set('tab', patch.tab === 'centers' ? null : patch.tab);
  }
  if (patch.status !== undefined) {
    const isDefault = patch.status === 'pending' || patch.status === ADV_STATUS.review;
    set('status', isDefault ? null : patch.status);
    params.delete('id');
    params.delete('page');
  }
  if (patch.id !== undefined) set('id', patch.id);
  if (patch.center !== undefined) set('center', patch.center);
  if (patch.pageSize !== undefined) {
    set('page_size', patch.pageSize === DEFAULT_LOG_PAGE_SIZE ? null : patch.pageSize);
    params.delete('page');
  }
  if (patch.page !== undefined) set('page', patch.page === 1 ? null : patch.page);
  const out = params.toString();
  return out ? `?${out}` : '';
}
