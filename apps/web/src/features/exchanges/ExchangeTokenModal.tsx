import type { TExchangeWithToken } from '@scaler/domain';
import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyableValue } from './CopyableValue';
import { authorizationHeader } from './exchangeView';

/**
 * An exchange's token right after it was issued (registered, or replaced): shown this once, with the
 * endpoint and the header the exchange sends it in. Only the button closes it, so the token is not
 * lost to a stray click or key.
 */
export function ExchangeTokenModal({
  issued,
  onClose,
}: {
  issued: TExchangeWithToken | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('exchanges');
  return (
    <Modal
      open={issued !== null}
      title={issued ? t('token.title', { name: issued.exchange.name }) : ''}
      closable={false}
      maskClosable={false}
      keyboard={false}
      width={640}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('token.done')}
        </Button>
      }
    >
      {issued && (
        <>
          <Alert type="warning" showIcon title={t('token.once')} style={{ marginBottom: 16 }} />
          <Descriptions
            size="small"
            column={1}
            layout="vertical"
            colon={false}
            items={[
              {
                key: 'token',
                label: t('token.token'),
                children: <CopyableValue label={t('token.token')} text={issued.token} />,
              },
              {
                key: 'endpoint',
                label: t('table.endpoint'),
                children: <CopyableValue label={t('table.endpoint')} text={issued.exchange.endpoint} />,
              },
              {
                key: 'header',
                label: t('token.header'),
                children: (
                  <CopyableValue label={t('token.header')} text={authorizationHeader(issued.token)} />
                ),
              },
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('token.use')}
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
