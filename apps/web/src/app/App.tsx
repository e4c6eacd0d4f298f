import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import { lazy, type ReactNode, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { configureApiClient } from '../api/client';
import { FeedbackProvider, feedback } from '../components/feedback';
import { PageLoading } from '../components/PageLoading';
import type { PendingLoginCode } from '../features/accounts/loginCode';
import { currentAntdLocale } from '../i18n';
import { getTableDensity, subscribePreferences } from '../lib/preferences';
import { queryClient } from './queryClient';
import { router } from './router';

/** Connects the API client to the console's toasts and the router. */
function ApiClientBridge() {
  useEffect(() => {
    configureApiClient({
      notify: (text) => feedback.message.error(text),
      navigate: (to) => void router.navigate(to),
    });
  }, []);
  return null;
}

/**
 * The element every page renders in: it carries the theme's CSS variables (`--ant-color-text` ...,
 * which the plain elements of styles.css use) and the base text style, as antd's `App` would, without
 * antd's `App` and the message, notification and modal code it brings along (see `feedback.tsx`).
 */
function ThemeRoot({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      className={CSS_VAR_KEY}
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  );
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

/** The class antd scopes the theme's CSS variables to (`.css-var-console { --ant-color-text: ... }`). */
const CSS_VAR_KEY = 'css-var-console';

/** Compact tables: the cell padding of antd's small size, for every table and every size at once. */
const COMPACT_TABLE = {
  cellPaddingBlock: 8,
  cellPaddingInline: 8,
  cellPaddingBlockMD: 8,
  cellPaddingInlineMD: 8,
};

// The question a sign-in link opened in a signed-out browser asks first: a chunk of its own.
const LoginCodeConfirm = lazy(() =>
  import('../features/accounts/LoginCodeConfirm').then((m) => ({ default: m.LoginCodeConfirm })),
);

/**
 * The console. With `loginCode` (a sign-in link this signed-out browser did not ask for, main.tsx), it
 * asks "Sign in as …?" first and shows the pages once the user has continued or cancelled.
 */
export function App({ loginCode = null }: { loginCode?: PendingLoginCode | null }) {
  const [pending, setPending] = useState(loginCode);
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
          cssVar: { key: CSS_VAR_KEY },
        }}
      >
        <ThemeRoot>
          <FeedbackProvider>
            <ApiClientBridge />
            {pending ? (
              <Suspense fallback={<PageLoading fullscreen />}>
                <LoginCodeConfirm pending={pending} onDone={() => setPending(null)} />
              </Suspense>
            ) : (
              <RouterProvider router={router} />
            )}
          </FeedbackProvider>
        </ThemeRoot>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
