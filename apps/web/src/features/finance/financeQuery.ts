import { LEDGER_KIND, type LedgerKindName, TOPUP_STATUSES, type TopupStatusName } from '@scaler/domain';

/** The finance center's state in the URL: the tab, the accounts' search, the ledger's filters, the page. */
export const FINANCE_TABS = ['accounts', 'transactions'] as const;
export type FinanceTab = (typeof FINANCE_TABS)[number];
export const LEDGER_KINDS = Object.keys(LEDGER_KIND) as LedgerKindName[];

/** Page sizes of the accounts table. */
export const ACCOUNT_PAGE_SIZES = [10, 20, 50, 100] as const;
/**
 * Page sizes of the ledger table: not 100, the export's page size, so a page on screen and a page the
 * export asks for are never the same call (the client cancels a repeated call still running).
 */
export const LEDGER_PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;

export interface FinanceQuery {
  tab: FinanceTab;
  /** Accounts: name or ID. */
  q: string;
  /** Transactions: one account's wallet, or every wallet of the center. */
  account: number | null;
  kind: LedgerKindName | null;
  /** Transactions: local dates, both or neither. */
  start: string | null;
  end: string | null;
  page: number;
  pageSize: number;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (value: string | null): value is string =>
  value !== null && ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

function positiveInt(value: string | null): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

const pageSizesOf = (tab: FinanceTab): readonly number[] =>
  tab === 'accounts' ? ACCOUNT_PAGE_SIZES : LEDGER_PAGE_SIZES;

/** Reads the finance center's query; anything invalid falls back to its default. */
export function readFinanceQuery(search: string): FinanceQuery {
  const params = new URLSearchParams(search);
  const tabParam = params.get('tab') ?? '';
  const tab = (FINANCE_TABS as readonly string[]).includes(tabParam) ? (tabParam as FinanceTab) : 'accounts';
  const kind = params.get('kind') ?? '';
  const start = params.get('start');
  const end = params.get('end');
  const range = validDate(start) && validDate(end) && start <= end;
  const pageSize = positiveInt(params.get('page_size'));
  return {
    tab,
    q: (params.get('q') ?? '').trim().slice(0, 100),
    account: positiveInt(params.get('account')),
    kind: (LEDGER_KINDS as string[]).includes(kind) ? (kind as LedgerKindName) : null,
    start: range ? start : null,
    end: range ? end : null,
    page: positiveInt(params.get('page')) ?? 1,
    pageSize: pageSize && pageSizesOf(tab).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

const FILTERS = ['q', 'account', 'kind', 'start', 'end'] as const;

/**
 * The query string with `patch` applied, keeping `org` and the rest. Another tab starts from its
 * defaults (plus what the patch sets: "this account's transactions"); another filter or page size goes
 * back to page 1; defaults are left out.
 */
export function writeFinanceQuery(search: string, patch: Partial<FinanceQuery>): string {
  const current = readFinanceQuery(search);
  const next = { ...current, ...patch };
  if (next.tab !== current.tab) {
    Object.assign(next, { q: '', account: null, kind: null, start: null, end: null, page: 1 }, patch);
    if (patch.pageSize === undefined) next.pageSize = DEFAULT_PAGE_SIZE;
  } else if (patch.page === undefined && [...FILTERS, 'pageSize'].some((key) => key in patch)) {
    next.page = 1;
  }
  if (next.start === null || next.end === null) Object.assign(next, { start: null, end: null });
  const params = new URLSearchParams(search);
  const set = (key: string, value: string | number | null) => {
    if (value === null || value === '') params.delete(key);
    else params.set(key, String(value));
  };
  set('tab', next.tab === 'accounts' ? null : next.tab);
  set('q', next.tab === 'accounts' ? next.q.trim() : null);
  for (const key of ['account', 'kind', 'start', 'end'] as const) {
    set(key, next.tab === 'transactions' ? next[key] : null);
  }
  set('page', next.page === 1 ? null : next.page);
  set('page_size', next.pageSize === DEFAULT_PAGE_SIZE ? null : next.pageSize);
  const out = params.toString();
  return out ? `?${out}` : '';
}

/** The payment page's list: a status filter and the page. */
export interface TopupListQuery {
  status: TopupStatusName | null;
  page: number;
}

export function readTopupListQuery(search: string): TopupListQuery {
  const params = new URLSearchParams(search);
  const status = params.get('status') ?? '';
  return {
    status: (TOPUP_STATUSES as readonly string[]).includes(status) ? (status as TopupStatusName) : null,
    page: positiveInt(params.get('page')) ?? 1,
  };
}

/** Another status goes back to page 1; the rest of the query stays. */
export function writeTopupListQuery(search: string, patch: Partial<TopupListQuery>): string {
  const next = { ...readTopupListQuery(search), ...patch };
  if ('status' in patch && patch.page === undefined) next.page = 1;
  const params = new URLSearchParams(search);
  if (next.status) params.set('status', next.status);
  else params.delete('status');
  if (next.page > 1) params.set('page', String(next.page));
  else params.delete('page');
  const out = params.toString();
  return out ? `?${out}` : '';
}
