import { CheckCircleFilled } from '@ant-design/icons';
import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../components/LanguageSelect';
import { Logo } from '../../components/Logo';

/** The frame of the pages before a session: a brand panel and the form card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('accounts');
  const points = t('auth.points', { returnObjects: true }) as string[];
  return (
    <Flex style={{ minHeight: '100vh', background: 'var(--ant-color-bg-layout)' }}>
      <div className="auth-brand">
        <Logo inverted size={28} />
        <Typography.Title level={2} style={{ color: '#fff', marginTop: 32 }}>
          {t('auth.tagline')}
        </Typography.Title>
        <Flex vertical gap={12} style={{ marginTop: 16 }}>
          {points.map((p) => (
            <span key={p} style={{ fontSize: 15 }}>
              <CheckCircleFilled style={{ marginInlineEnd: 10 }} />
              {p}
            </span>
          ))}
        </Flex>
      </div>
      <Flex vertical flex={1} style={{ padding: 24 }}>
        <Flex justify="flex-end">
          <LanguageSelect size="small" />
        </Flex>
        <Flex flex={1} align="center" justify="center">
          <Card style={{ width: '100%', maxWidth: 440 }} styles={{ body: { padding: 32 } }}>
            {children}
          </Card>
        </Flex>
      </Flex>
    </Flex>
  );
}
