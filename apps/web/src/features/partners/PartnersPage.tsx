import { PlusOutlined } from '@ant-design/icons';
import type { TPartner } from '@scaler/domain';
import { Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { useFeedback } from '../../components/feedback';
import { OnceOpened } from '../../components/OnceOpened';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { usePartners, useRemovePartner } from './api';
import { PartnerRequests } from './PartnerRequests';
import { PartnerTable } from './PartnerTable';
import { SharedWithUs } from './SharedWithUs';

// Dialogs load when first opened.
const AddPartnerModal = lazy(() => import('./AddPartnerModal').then((m) => ({ default: m.AddPartnerModal })));
const ShareAccountsModal = lazy(() =>
  import('./ShareAccountsModal').then((m) => ({ default: m.ShareAccountsModal })),
);

/**
 * /manage/partner (admins; the guard shows 403 to others): pending partner requests both ways, partners
 * and the accounts shared both ways.
 */
export function PartnersPage() {
  const { t } = useTranslation(['partners', 'common']);
  const { message, modal } = useFeedback();
  const { org, currentOrg } = useConsoleContext();
  const page = usePartners(org);
  const remove = useRemovePartner();
  const [adding, setAdding] = useState(false);
  const [sharing, setSharing] = useState<TPartner | null>(null);

  if (org === null || !currentOrg) return null;

  const confirmRemove = (partner: TPartner) =>
    modal.confirm({
      title: t('actions.remove_confirm_title', { name: partner.org_name, id: partner.org_id }),
      content: t('actions.remove_confirm_text', { name: partner.org_name, count: partner.shares.length }),
      okText: t('actions.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common:cancel'),
      onOk: () =>
        remove
          .mutateAsync(partner.org_id)
          .then(() => message.success(t('actions.removed', { name: partner.org_name })))
          .catch(() => undefined),
    });

  const add = () => setAdding(true);
  const partners = page.data?.partners ?? [];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="flex-start" gap={16} wrap>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('subtitle')}</Typography.Text>
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={add}>
          {t('add.open')}
        </Button>
      </Flex>
      {page.isPending ? (
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : page.isError ? (
        <Card>
          <ErrorState onRetry={() => page.refetch()} message={page.error.message} />
        </Card>
      ) : (
        <>
          <PartnerRequests incoming={page.data.requests.incoming} outgoing={page.data.requests.outgoing} />
          <Card title={t('list_title', { count: partners.length })}>
            {partners.length === 0 ? (
              <Empty description={t('empty')} style={{ padding: '24px 0' }}>
                <Button type="primary" onClick={add}>
                  {t('add.open')}
                </Button>
              </Empty>
            ) : (
              <PartnerTable rows={partners} onShare={setSharing} onRemove={confirmRemove} />
            )}
          </Card>
          <SharedWithUs org={org} rows={page.data.shared_with_us} />
        </>
      )}
      <OnceOpened open={adding}>
        <AddPartnerModal open={adding} onClose={() => setAdding(false)} />
      </OnceOpened>
      <OnceOpened open={sharing !== null}>
        <ShareAccountsModal org={org} partner={sharing} onClose={() => setSharing(null)} />
      </OnceOpened>
    </Flex>
  );
}
