import { CheckCircleFilled } from '@ant-design/icons';
import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../components/LanguageSelect';
import { Logo } from '../../components/Logo';

/**
 * The frame of the pages before a session: a brand panel and the form card. Plain elements styled with
 * antd's tokens (styles.css) rather than Card and Typography: these pages are the first a visitor
 * loads, and those two components alone weigh more than the login form.
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('accounts');
  const points = t('auth.points', { returnObjects: true }) as string[];
  return (
    <Flex style={{ minHeight: '100vh', background: 'var(--ant-color-bg-layout)' }}>
      <div className="auth-brand">
        <Logo inverted size={28} />
        <h2 className="auth-tagline">{t('auth.tagline')}</h2>
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
          <section className="auth-card">{children}</section>
        </Flex>
      </Flex>
    </Flex>
  );
}

/** The title of an auth page's card. */
export function AuthTitle({ children }: { children: ReactNode }) {
  return <h3 className="auth-title">{children}</h3>;
}

/** A centred line under an auth form (links to the other forms). */
export function AuthNote({ children }: { children: ReactNode }) {
  return <p className="auth-note">{children}</p>;
}
