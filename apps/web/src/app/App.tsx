import { normalizeLocale } from '@scaler/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { configureApiClient } from '../api/client';
import { queryClient } from './queryClient';
import { router } from './router';

/** Connects the API client to antd's message API and the router once they exist. */
function ApiClientBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    configureApiClient({
      notify: (text) => void message.error(text),
      navigate: (to) => void router.navigate(to),
    });
  }, [message]);
  return null;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the user asked the system for less motion (`prefers-reduced-motion`), kept up to date. */
function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => Boolean(window.matchMedia?.(REDUCED_MOTION).matches));
  useEffect(() => {
    const query = window.matchMedia?.(REDUCED_MOTION);
    if (!query) return;
    const update = () => setReduced(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return reduced;
}

export function App() {
  const { i18n } = useTranslation();
  const locale = normalizeLocale(i18n.language);
  const reducedMotion = usePrefersReducedMotion();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={locale === 'zh-CN' ? zhCN : enUS}
        theme={{
          algorithm: theme.defaultAlgorithm,
          // Menus, dropdowns and dialogs open without animation for those who ask for less motion.
          token: { colorPrimary: '#2f54eb', borderRadius: 6, motion: !reducedMotion },
          cssVar: {},
        }}
      >
        <AntApp>
          <ApiClientBridge />
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
