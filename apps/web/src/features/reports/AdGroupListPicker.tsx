import type { TAdGroupBundleList } from '@scaler/domain';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client';
import { useHeadersKey } from '../../api/queryKeys';
import { campaignKeys } from '../campaigns/api';

/**
 * Each live ad group's own allow or block list (`adgroups/bundle_lists`): what "Add to block list" adds
 * to and what the publisher lists page shows beside the saved lists. Under the campaigns root, so every
 * campaign change (adding publishers included) refreshes it.
 */
export function useAdGroupBundleLists() {
  return useQuery({
    queryKey: useHeadersKey([...campaignKeys.all, 'adgroup-bundle-lists'] as const),
    queryFn: () => request<TAdGroupBundleList[]>('/scaler/v3/adgroups/bundle_lists'),
  });
}

/** "block list · 12 publishers", "no list". */
export function useListSummary() {
  const { t } = useTranslation('reports');
  return (l: Pick<TAdGroupBundleList, 'bundle_mode' | 'count'>) =>
    l.bundle_mode === 0
      ? t('lists.own_none')
      : t(l.bundle_mode === 2 ? 'lists.own_block' : 'lists.own_allow', { count: l.count });
}

/**
 * The ad groups to add publishers to, each with its own list as it stands; those keeping the other kind
 * of list cannot take this one (the server refuses them) and are shown disabled, saying why.
 */
export function AdGroupListPicker({
  mode,
  value,
  onChange,
}: {
  mode: 1 | 2;
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation('reports');
  const lists = useAdGroupBundleLists();
  const summary = useListSummary();
  return (
    <Select
      mode="multiple"
      aria-label={t('bundle.adgroups')}
      showSearch
      optionFilterProp="search"
      loading={lists.isLoading}
      value={value}
      onChange={onChange}
      maxCount={100}
      options={(lists.data ?? []).map((g) => {
        const conflict = g.bundle_mode !== 0 && g.bundle_mode !== mode;
        return {
          value: g.adgroup_id,
          search: `${g.name} ${g.adgroup_id} ${g.campaign_name}`,
          disabled: conflict,
          label: `${g.name} (${g.adgroup_id}) · ${g.campaign_name} — ${
            conflict ? t(mode === 2 ? 'lists.has_allow' : 'lists.has_block') : summary(g)
          }`,
        };
      })}
    />
  );
}
