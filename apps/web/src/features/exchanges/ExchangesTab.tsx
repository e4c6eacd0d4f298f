import { PlusOutlined } from '@ant-design/icons';
import type { TExchange, TExchangeWithToken } from '@scaler/domain';
import { Button, Card, Empty, Flex, Typography } from 'antd';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { useFeedback } from '../../components/feedback';
import { OnceOpened } from '../../components/OnceOpened';
import { useExchanges, useReplaceExchangeToken, useUpdateExchange } from './api';
import { ExchangeTable } from './ExchangeTable';
import { tokenMask } from './exchangeView';

const ExchangeFormModal = lazy(() =>
  import('./ExchangeFormModal').then((m) => ({ default: m.ExchangeFormModal })),
);
const loadTokenModal = () => import('./ExchangeTokenModal');
const ExchangeTokenModal = lazy(() => loadTokenModal().then((m) => ({ default: m.ExchangeTokenModal })));

/**
 * The operator tool's exchanges: the ad exchanges the bidder answers. Registering one (or replacing its
 * token) shows its token once; the list shows the token's last characters, the endpoint the exchange
 * posts bid requests to, its switch and today's delivery.
 */
export function ExchangesTab() {
  const { t } = useTranslation(['exchanges', 'common']);
  const { message, modal } = useFeedback();
  const list = useExchanges();
  const update = useUpdateExchange();
  const replace = useReplaceExchangeToken();
  /** The form: open for a new exchange (null) or for an edit. */
  const [editing, setEditing] = useState<{ exchange: TExchange | null } | null>(null);
  const [issued, setIssued] = useState<TExchangeWithToken | null>(null);
  const rows = list.data?.list ?? [];

  const register = () => {
    // The token dialog follows a registration: its code loads meanwhile, so it opens at once.
    void loadTokenModal();
    setEditing({ exchange: null });
  };

  const switchExchange = (exchange: TExchange, enabled: boolean) =>
    update.mutate(
      { id: exchange.id, patch: { enabled } },
      {
        onSuccess: () =>
          message.success(
            t(enabled ? 'status.enabled_done' : 'status.disabled_done', { name: exchange.name }),
          ),
      },
    );

  const confirmReplace = (exchange: TExchange) => {
    void loadTokenModal();
    modal.confirm({
      title: t('replace.title', { name: exchange.name }),
      content: t('replace.text', { name: exchange.name, token: tokenMask(exchange.token_hint) }),
      okText: t('replace.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common:cancel'),
      onOk: () => replace.mutateAsync(exchange.id).then(setIssued),
    });
  };

  let body: React.ReactNode;
  if (list.isError && !list.data) {
    body = <ErrorState onRetry={() => list.refetch()} message={list.error.message} />;
  } else if (!list.isPending && rows.length === 0) {
    body = (
      <Empty description={t('empty.title')} style={{ padding: 32 }}>
        <Typography.Paragraph type="secondary" style={{ maxWidth: 560, margin: '0 auto 16px' }}>
          {t('empty.text')}
        </Typography.Paragraph>
        <Button type="primary" icon={<PlusOutlined />} onClick={register}>
          {t('register')}
        </Button>
      </Empty>
    );
  } else {
    body = (
      <ExchangeTable
        rows={rows}
        loading={list.isFetching}
        switching={update.isPending ? (update.variables?.id ?? null) : null}
        onSwitch={switchExchange}
        onEdit={(exchange) => setEditing({ exchange })}
        onReplaceToken={confirmReplace}
      />
    );
  }

  return (
    <Card
      title={t('title')}
      extra={
        rows.length > 0 && (
          <Button type="primary" icon={<PlusOutlined />} onClick={register}>
            {t('register')}
          </Button>
        )
      }
    >
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('intro')}</Typography.Text>
        {body}
      </Flex>
      <OnceOpened open={editing !== null}>
        <ExchangeFormModal
          open={editing !== null}
          exchange={editing?.exchange ?? null}
          onClose={() => setEditing(null)}
          onRegistered={(created) => {
            setEditing(null);
            setIssued(created);
          }}
        />
      </OnceOpened>
      <OnceOpened open={issued !== null}>
        <ExchangeTokenModal issued={issued} onClose={() => setIssued(null)} />
      </OnceOpened>
    </Card>
  );
}
