import type { TPartnersPage } from '@scaler/domain';
import { Alert, Button, Card, Empty, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { withContext } from '../../lib/context';
import { SharedAccountTags } from './SharedAccountTags';

type Incoming = TPartnersPage['shared_with_us'][number];

/** Centers that added this one as a partner, and the accounts they share with it. */
export function SharedWithUs({ org, rows }: { org: number; rows: Incoming[] }) {
  const { t } = useTranslation('partners');
  const navigate = useNavigate();
  const members = withContext('/manage/members', { org });
  return (
    <Card title={t('incoming.title')}>
      <Alert
        type="info"
        showIcon
        title={t('incoming.hint')}
        action={
          <Button size="small" onClick={() => navigate(members)}>
            {t('incoming.to_members')}
          </Button>
        }
        style={{ marginBottom: 16 }}
      />
      {rows.length === 0 ? (
        <Empty description={t('incoming.empty')} />
      ) : (
        <Table<Incoming>
          rowKey="org_id"
          dataSource={rows}
          pagination={false}
          columns={[
            {
              title: t('incoming.center'),
              key: 'center',
              width: 280,
              render: (_, row) => (
                <>
                  <Typography.Text strong>{row.org_name}</Typography.Text>{' '}
                  <Typography.Text type="secondary">({row.org_id})</Typography.Text>
                </>
              ),
            },
            {
              title: t('incoming.accounts'),
              key: 'advs',
              render: (_, row) => <SharedAccountTags advs={row.advs} emptyText={t('incoming.no_accounts')} />,
            },
          ]}
        />
      )}
    </Card>
  );
}
