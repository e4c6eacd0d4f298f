import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFinanceOverview } from './api';

/** Waits until the typing stops before the search is asked for. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * One of the center's accounts, searched by name or ID on the server (twenty at a time); empty: every
 * wallet of the center. The chosen account keeps its name while other searches show.
 */
export function AccountFilter({
  org,
  value,
  valueName,
  onChange,
}: {
  org: number;
  value: number | null;
  /** The chosen account's name when known (from the rows on screen). */
  valueName?: string | null;
  onChange: (advId: number | null) => void;
}) {
  const { t } = useTranslation(['finance', 'common']);
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim(), 300);
  const found = useFinanceOverview(org, { keyword: keyword || undefined, page: 1, page_size: 20 });
  const [names, setNames] = useState<Map<number, string>>(new Map());
  const list = found.data?.accounts.list ?? [];
  useEffect(() => {
    if (list.length === 0) return;
    setNames((known) => {
      const next = new Map(known);
      for (const a of list) next.set(a.adv_id, a.adv_name);
      return next.size === known.size ? known : next;
    });
  }, [list]);

  const label = (id: number, name: string | null | undefined) =>
    name ? `${name} (${id})` : `${t('common:id')}: ${id}`;
  const options = list.map((a) => ({ value: a.adv_id, label: label(a.adv_id, a.adv_name) }));
  if (value !== null && !options.some((o) => o.value === value)) {
    options.unshift({ value, label: label(value, names.get(value) ?? valueName) });
  }
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      value={value ?? undefined}
      onChange={(next) => onChange(next ?? null)}
      onOpenChange={(open) => !open && setTyped('')}
      loading={found.isFetching}
      placeholder={t('tx.all_accounts')}
      aria-label={t('tx.account')}
      options={options}
      style={{ width: 260 }}
    />
  );
}
