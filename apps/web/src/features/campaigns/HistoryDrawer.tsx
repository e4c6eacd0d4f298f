import { normalizeLocale, type TChangeLogEntry } from '@scaler/domain';
import { Drawer, Skeleton, Table, Typography } from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppOptions, useCountries, usePixelOptions } from '../campaign-editor/api';
import { useChangeHistory } from './api';
import { formatValue } from './columns';
import { fieldLabel, fieldValue, type HistoryLookups, type Translate } from './historyFormat';

type ObjectType = 1 | 2 | 3;

/** The change history of one campaign, ad group or creative, field by field (who, when, before, after). */
export function HistoryDrawer({
  adv,
  objectType,
  object,
  onClose,
}: {
  adv: number | null;
  objectType: ObjectType;
  object: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('campaigns');
  return (
    <Drawer
      open={object !== null}
      onClose={onClose}
      size="large"
      title={object ? t('history_title', { name: object.name }) : ''}
      destroyOnHidden
    >
      {object && (
        // The forms' labels (campaign editor strings) load with the drawer, not with the list.
        <Suspense fallback={<Skeleton active aria-label={t('history_loading')} />}>
          <HistoryTable adv={adv} objectType={objectType} id={object.id} />
        </Suspense>
      )}
    </Drawer>
  );
}

function HistoryTable({ adv, objectType, id }: { adv: number | null; objectType: ObjectType; id: number }) {
  const { t, i18n } = useTranslation(['campaigns', 'campaignEditor', 'creative']);
  const tr: Translate = (key, options) => t(key as never, options as never) as unknown as string;
  const locale = normalizeLocale(i18n.language);
  const [page, setPage] = useState(1);
  const history = useChangeHistory(adv, objectType, id, page);
  const rows = history.data?.list ?? [];
  const names = useNames(rows, locale);
  const look: HistoryLookups = { locale, ...names };
  const value = (row: TChangeLogEntry, v: string | null) => {
    const text = fieldValue(row.field, v, tr, look);
    return <Typography.Text ellipsis={{ tooltip: text }}>{text}</Typography.Text>;
  };
  return (
    <Table<TChangeLogEntry>
      size="small"
      rowKey="id"
      loading={history.isLoading}
      dataSource={rows}
      locale={{ emptyText: t('history_empty') }}
      pagination={{
        current: page,
        pageSize: 20,
        total: history.data?.total ?? 0,
        onChange: setPage,
        showSizeChanger: false,
      }}
      columns={[
        {
          title: t('history_cols.time'),
          dataIndex: 'time',
          // The list's own format of its Created and Updated columns, so the two agree.
          render: (v: string) => formatValue('date', v, locale),
          width: 160,
        },
        { title: t('history_cols.who'), dataIndex: 'user_name', render: (v: string | null) => v ?? '—' },
        {
          title: t('history_cols.action'),
          dataIndex: 'action',
          render: (v: string) => t(`action.${v}` as 'action.create'),
        },
        {
          title: t('history_cols.field'),
          dataIndex: 'field',
          render: (f: string) => fieldLabel(objectType, f, tr),
        },
        { title: t('history_cols.before'), key: 'before', render: (_, row) => value(row, row.before) },
        { title: t('history_cols.after'), key: 'after', render: (_, row) => value(row, row.after) },
      ]}
    />
  );
}

/** Names of the countries, apps and pixels the shown rows mention, from the lists the forms use. */
function useNames(rows: TChangeLogEntry[], locale: 'en-US' | 'zh-CN') {
  const fields = new Set(rows.map((r) => r.field));
  const countries = useCountries();
  const apps = useAppOptions(fields.has('app_id'));
  const pixels = usePixelOptions(fields.has('pixel_id'));
  const regions = useMemo(() => new Intl.DisplayNames([locale], { type: 'region' }), [locale]);
  return useMemo(() => {
    const countryName = new Map((countries.data ?? []).map((c) => [c.code, c.name]));
    const assetName = new Map([...(apps.data ?? []), ...(pixels.data ?? [])].map((a) => [a._id, a.name]));
    return {
      country: (code: string) => {
        if (countryName.has(code)) return countryName.get(code);
        try {
          return regions.of(code);
        } catch {
          return undefined;
        }
      },
      asset: (id: string) => assetName.get(id),
    };
  }, [countries.data, apps.data, pixels.data, regions]);
}
