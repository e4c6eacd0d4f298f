import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../../components/PageLoading';
import { useBlocked } from './blocked';

// Loaded only when a page is refused: most visits never need them (nor antd's Result illustrations).
const ForbiddenPage = lazy(() => import('./ForbiddenPage').then((m) => ({ default: m.ForbiddenPage })));
const NoAccountPage = lazy(() => import('./NoAccountPage').then((m) => ({ default: m.NoAccountPage })));

/** A layout's page, or what the guard says instead (403 with its reason, no account); a spinner while it loads. */
export function GuardedOutlet() {
  const blocked = useBlocked();
  return (
    <Suspense fallback={<PageLoading />}>
      {blocked?.kind === 'forbidden' ? (
        <ForbiddenPage reason={blocked.reason} />
      ) : blocked?.kind === 'no-account' ? (
        <NoAccountPage />
      ) : (
        <Outlet />
      )}
    </Suspense>
  );
}
