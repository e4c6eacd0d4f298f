import type { TPartnerRequest } from '@scaler/domain';
import { Button, Card, Flex, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { useAcceptPartnerRequest, useCancelPartnerRequest, useDeclinePartnerRequest } from './api';

const format = (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm:ss');

/**
 * Pending partner requests: those made to this center (its admins accept or decline) and those it made
 * (waiting for the other center; they can be cancelled). Nothing is shown when there are none.
 */
export function PartnerRequests({
  incoming,
  outgoing,
}: {
  incoming: TPartnerRequest[];
  outgoing: TPartnerRequest[];
}) {
  const { t } = useTranslation(['partners', 'common']);
  const { message, modal } = useFeedback();
  const accept = useAcceptPartnerRequest();
  const decline = useDeclinePartnerRequest();
  const cancel = useCancelPartnerRequest();
  const busy = (id: number, m: { isPending: boolean; variables?: number }) =>
    m.isPending && m.variables === id;

  const center = {
    title: t('requests.center'),
    key: 'center',
    width: 280,
    render: (_: unknown, r: TPartnerRequest) => (
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong>{r.org_name}</Typography.Text>
        <Typography.Text type="secondary">({r.org_id})</Typography.Text>
        <Tag color={r.org_type === 1 ? 'geekblue' : 'cyan'}>{t(`common:org_type.${r.org_type}`)}</Tag>
      </Flex>
    ),
  };
  const asked = { title: t('requests.sent'), dataIndex: 'created_at', width: 170, render: format };

  const onAccept = (r: TPartnerRequest) =>
    modal.confirm({
      title: t('requests.accept_confirm_title', { name: r.org_name, id: r.org_id }),
      content: t('requests.accept_confirm_text', { name: r.org_name }),
      okText: t('requests.accept'),
      cancelText: t('common:cancel'),
      onOk: () =>
        accept
          .mutateAsync(r.id)
          .then(() => message.success(t('requests.accepted', { name: r.org_name })))
          .catch(() => undefined),
    });
  const onDecline = (r: TPartnerRequest) =>
    decline.mutate(r.id, { onSuccess: () => message.success(t('requests.declined', { name: r.org_name })) });
  const onCancel = (r: TPartnerRequest) =>
    cancel.mutate(r.id, { onSuccess: () => message.success(t('requests.cancelled', { name: r.org_name })) });

  return (
    <>
      {incoming.length > 0 && (
        <Card title={t('requests.incoming_title', { count: incoming.length })}>
          <Typography.Paragraph type="secondary">{t('requests.incoming_text')}</Typography.Paragraph>
          <Table<TPartnerRequest>
            rowKey="id"
            dataSource={incoming}
            pagination={false}
            scroll={{ x: 'max-content' }}
            columns={[
              center,
              { title: t('requests.asked_by'), dataIndex: 'requested_by', width: 220, ellipsis: true },
              asked,
              {
                title: t('columns.actions'),
                key: 'actions',
                width: 220,
                render: (_, r) => (
                  <Flex gap={4}>
                    <Button
                      size="small"
                      type="primary"
                      onClick={() => onAccept(r)}
                      loading={busy(r.id, accept)}
                    >
                      {t('requests.accept')}
                    </Button>
                    <Button size="small" onClick={() => onDecline(r)} loading={busy(r.id, decline)}>
                      {t('requests.decline')}
                    </Button>
                  </Flex>
                ),
              },
            ]}
          />
        </Card>
      )}
      {outgoing.length > 0 && (
        <Card title={t('requests.outgoing_title', { count: outgoing.length })}>
          <Table<TPartnerRequest>
            rowKey="id"
            dataSource={outgoing}
            pagination={false}
            scroll={{ x: 'max-content' }}
            columns={[
              center,
              asked,
              {
                title: t('requests.status'),
                key: 'status',
                width: 200,
                render: () => <Tag color="processing">{t('requests.waiting')}</Tag>,
              },
              {
                title: t('columns.actions'),
                key: 'actions',
                width: 160,
                render: (_, r) => (
                  <Button
                    size="small"
                    type="link"
                    danger
                    onClick={() => onCancel(r)}
                    loading={busy(r.id, cancel)}
                  >
                    {t('requests.cancel')}
                  </Button>
                ),
              },
            ]}
          />
        </Card>
      )}
    </>
  );
}
