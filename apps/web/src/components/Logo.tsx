import { RiseOutlined } from '@ant-design/icons';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';

export function Logo({ inverted = false, size = 20 }: { inverted?: boolean; size?: number }) {
  const { t } = useTranslation();
  const color = inverted ? '#fff' : 'var(--ant-color-primary)';
  return (
    <Flex align="center" gap={8} style={{ fontSize: size, fontWeight: 600, whiteSpace: 'nowrap' }}>
      <RiseOutlined style={{ color, fontSize: size * 1.1 }} aria-hidden />
      <span style={{ color: inverted ? '#fff' : 'var(--ant-color-text)' }}>{t('product_name')}</span>
    </Flex>
  );
}
