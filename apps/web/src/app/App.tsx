import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { configureApiClient } from '../api/client';
import { currentAntdLocale } from '../i18n';
import { getTableDensity, subscribePreferences } from '../lib/preferences';
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

/** Compact tables: the cell padding of antd's small size, for every table and every size at once. */
const COMPACT_TABLE = {
  cellPaddingBlock: 8,
  cellPaddingInline: 8,
  cellPaddingBlockMD: 8,
  cellPaddingInlineMD: 8,
};

export function App() {
  // Re-renders on a language change; antd's texts for it were loaded before the switch. Always a locale
  // object (English is antd's built-in one): a ConfigProvider that gains one remounts the app's tree.
  useTranslation();
  const reducedMotion = usePrefersReducedMotion();
  const density = useSyncExternalStore(subscribePreferences, getTableDensity);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={currentAntdLocale() ?? enUS}
        theme={{
          algorithm: theme.defaultAlgorithm,
          // Menus, dropdowns and dialogs open without animation for those who ask for less motion.
          token: { colorPrimary: '#2f54eb', borderRadius: 6, motion: !reducedMotion },
          components: density === 'compact' ? { Table: COMPACT_TABLE } : undefined,
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
