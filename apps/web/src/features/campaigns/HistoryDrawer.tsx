import { Drawer, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeHistory } from './api';

/** The change history of one campaign, ad group or creative, field by field (who, when, before, after). */
export function HistoryDrawer({
  adv,
  objectType,
  object,
  onClose,
}: {
  adv: number | null;
  objectType: 1 | 2 | 3;
  object: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('campaigns');
  const [page, setPage] = useState(1);
  const history = useChangeHistory(adv, objectType, object?.id ?? null, page);
  return (
    <Drawer
      open={object !== null}
      onClose={onClose}
      size="large"
      title={object ? t('history_title', { name: object.name }) : ''}
      destroyOnHidden
    >
      <Table
        size="small"
        rowKey="id"
        loading={history.isLoading}
        dataSource={history.data?.list ?? []}
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
            render: (v: string) => v.replace('T', ' ').slice(0, 19),
            width: 160,
          },
          { title: t('history_cols.who'), dataIndex: 'user_name', render: (v: string | null) => v ?? '—' },
          {
            title: t('history_cols.action'),
            dataIndex: 'action',
            render: (v: string) => t(`action.${v}` as 'action.create'),
          },
          { title: t('history_cols.field'), dataIndex: 'field' },
          {
            title: t('history_cols.before'),
            dataIndex: 'before',
            render: (v: string | null) => (
              <Typography.Text ellipsis={{ tooltip: v }}>{v ?? '—'}</Typography.Text>
            ),
          },
          {
            title: t('history_cols.after'),
            dataIndex: 'after',
            render: (v: string | null) => (
              <Typography.Text ellipsis={{ tooltip: v }}>{v ?? '—'}</Typography.Text>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
