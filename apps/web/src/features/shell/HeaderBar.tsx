import { Flex, Layout } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo';

export const HEADER_HEIGHT = 56;

/** The top bar shared by every layout: logo on the left, the layout's widgets on the right. */
export function HeaderBar({ left, right }: { left?: ReactNode; right?: ReactNode }) {
  const { t } = useTranslation('shell');
  return (
    <Layout.Header
      style={{
        height: HEADER_HEIGHT,
        lineHeight: 'normal',
        paddingInline: 16,
        background: 'var(--ant-color-bg-container)',
        borderBottom: '1px solid var(--ant-color-border-secondary)',
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Flex align="center" justify="space-between" style={{ height: '100%' }} gap={16}>
        <Flex align="center" gap={24}>
          <Link to="/select" aria-label={t('logo_home')}>
            <Logo />
          </Link>
          {left}
        </Flex>
        <Flex align="center" gap={8}>
          {right}
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
