import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

const RELOADED_KEY = 'SC-RELOADED-FOR-UPDATE';

/** A page's code that cannot be fetched: the console was updated and the files this tab knows are gone. */
function isStaleCode(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  );
}

/**
 * What the router shows when a route fails to load or render. After an update of the console, the
 * first such failure reloads the page once to pick up the new files; anything else offers a reload.
 * Plain elements: it is part of every page's first load.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const reload = () => window.location.reload();
  if (isStaleCode(error) && sessionStorage.getItem(RELOADED_KEY) !== window.location.href) {
    sessionStorage.setItem(RELOADED_KEY, window.location.href);
    reload();
    return null;
  }
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={8}
      style={{ minHeight: '100vh', padding: 24 }}
      role="alert"
    >
      <h1 style={{ fontSize: 24, fontWeight: 500, margin: 0 }}>{t('route_error.title')}</h1>
      <p style={{ margin: 0, color: 'var(--ant-color-text-secondary)' }}>{t('route_error.text')}</p>
      <Button type="primary" onClick={reload} style={{ marginTop: 16 }}>
        {t('route_error.reload')}
      </Button>
    </Flex>
  );
}
