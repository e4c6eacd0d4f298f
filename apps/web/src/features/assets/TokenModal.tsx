import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { eventsEndpoint } from './apiExample';
import { CopyText } from './CopyText';

/** An API token right after it was issued: shown this once, with its copy button and the warning. */
export function TokenModal({ token, onClose }: { token: string | null; onClose: () => void }) {
  const { t } = useTranslation('assets');
  return (
    <Modal
      open={token !== null}
      title={t('token.title')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('token.done')}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        <Alert type="warning" showIcon title={t('token.once')} />
        <CopyText label={t('token.label')} text={token ?? ''} />
        <Typography.Text type="secondary">
          {t('token.use', { endpoint: eventsEndpoint(window.location.origin) })}
        </Typography.Text>
      </Flex>
    </Modal>
  );
}
