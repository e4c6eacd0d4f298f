import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export function PageLoading({ fullscreen = false }: { fullscreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: fullscreen ? '100vh' : 320 }}>
      <Spin size="large" description={t('loading')}>
        <div style={{ width: 120, height: 80 }} />
      </Spin>
    </Flex>
  );
}
