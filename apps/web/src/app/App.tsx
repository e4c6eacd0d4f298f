import { normalizeLocale } from '@scaler/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect } from 'react';
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

export function App() {
  const { i18n } = useTranslation();
  const locale = normalizeLocale(i18n.language);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={locale === 'zh-CN' ? zhCN : enUS}
        theme={{
          algorithm: theme.defaultAlgorithm,
          token: { colorPrimary: '#2f54eb', borderRadius: 6 },
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
