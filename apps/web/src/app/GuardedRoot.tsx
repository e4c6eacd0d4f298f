import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { ApiError } from '../api/client';
import { useFeedback } from '../components/feedback';
import { PageLoading } from '../components/PageLoading';
import { useSessionRoutes, useUserInfo } from '../features/accounts/api';
import { type Blocked, BlockedContext } from '../features/shell/blocked';
import { menuNameOf } from '../features/shell/menuNames';
import { translateKey } from '../i18n';
import { readContext } from '../lib/context';
import { type Decision, decideNavigation, type RouteMeta, type SessionState } from './guard';
import { previousPlace, rememberPlace } from './navigationMemory';

function isRouteMeta(value: unknown): value is RouteMeta {
  return typeof value === 'object' && value !== null && 'kind' in value;
}

/** The route meta of the deepest matched route (router.tsx puts it in each route's `handle`). */
function useRouteMeta(): RouteMeta {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle;
    if (isRouteMeta(handle)) return handle;
  }
  return { kind: 'public' };
}

function useSessionState(org: number | null, adv: number | null, needed: boolean): SessionState {
  const routes = useSessionRoutes(org, adv, needed);
  const loggedIn = routes.isSuccess && routes.data !== null;
  const user = useUserInfo(org, needed && loggedIn);
  if (!needed || routes.isPending) return { status: 'loading' };
  if (routes.isError && routes.error instanceof ApiError && routes.error.status === 404)
    return { status: 'unknown-org' };
  if (routes.isError || routes.data === null) return { status: 'unauthenticated' };
  if (user.isPending) return { status: 'loading' };
  if (user.isError) return { status: 'unauthenticated' };
  return { status: 'ready', routes: routes.data, user: user.data };
}

/** The tab's title: the page's menu label (the same words as the menu and the page), then the product. */
function useDocumentTitle(session: SessionState, menu: string | undefined, own?: string) {
  const { t } = useTranslation();
  const name = session.status === 'ready' && menu ? (own ?? menuNameOf(session.routes.menus, menu)) : null;
  const product = t('product_name');
  const title = name ? `${translateKey(name)} · ${product}` : product;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Applies `decideNavigation` on every location: loads the session, redirects, or renders the route. */
export function GuardedRoot() {
  const location = useLocation();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const route = useRouteMeta();
  const { org, adv } = readContext(location.search);
  const session = useSessionState(org, adv, route.kind !== 'public');
  const target = { pathname: location.pathname, search: location.search };
  const decision: Decision = decideNavigation({ target, previous: previousPlace(), route, session });
  useDocumentTitle(session, route.menu, route.title);

  const redirectTo = decision.type === 'redirect' ? decision.to : null;
  const redirectMessage = decision.type === 'redirect' ? decision.message : undefined;
  const blocked: Blocked | null =
    decision.type === 'forbidden'
      ? { kind: 'forbidden', reason: decision.reason }
      : decision.type === 'no-account'
        ? { kind: 'no-account' }
        : null;
  const allowed = decision.type === 'allow' || blocked !== null;

  useEffect(() => {
    if (!redirectTo) return;
    if (redirectMessage) message.warning(translateKey(redirectMessage));
    navigate(redirectTo, { replace: true });
  }, [redirectTo, redirectMessage, navigate, message]);

  useEffect(() => {
    if (allowed && route.kind !== 'public') rememberPlace(location);
  }, [allowed, route.kind, location]);

  if (!allowed) return <PageLoading fullscreen />;
  return (
    <BlockedContext.Provider value={blocked}>
      <Suspense fallback={<PageLoading fullscreen />}>
        <Outlet />
      </Suspense>
    </BlockedContext.Provider>
  );
}
