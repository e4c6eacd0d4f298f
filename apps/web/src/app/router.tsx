import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { RedirectKeepQuery } from '../components/RedirectKeepQuery';
import type { MenuArea } from '../features/shell/menuItems';
import { loadNamespaces, type Namespace } from '../i18n';
import { GuardedRoot } from './GuardedRoot';
import type { RouteKind, RouteMeta } from './guard';
import { RouteError } from './RouteError';

/** Route meta in `handle`: what the guard checks, and which side-menu entry the page belongs to. */
export interface RouteHandle extends RouteMeta {
  area?: MenuArea;
}

type Lazy = NonNullable<RouteObject['lazy']>;

/**
 * A route whose code loads when it is first visited (each page is a chunk of its own), together with
 * the string namespaces it uses, in parallel: the page renders translated, without a second wait. A
 * namespace left out of the list still loads when a component asks for it (it suspends meanwhile).
 */
function lazy<M>(
  load: () => Promise<M>,
  pick: (module: M) => { Component: ComponentType } | { element: ReactNode },
  namespaces: readonly Namespace[] = [],
): Lazy {
  return async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return pick(module);
  };
}

const page = (path: string, load: Lazy, handle: RouteHandle): RouteObject => ({ path, lazy: load, handle });
const redirect = (path: string, to: string, kind: RouteKind = 'public'): RouteObject => ({
  path,
  element: <RedirectKeepQuery to={to} />,
  handle: { kind },
});
const manage = (path: string, load: Lazy, menu = path) =>
  page(path, load, { kind: 'manage', menu, area: 'manage' });
const ads = (path: string, load: Lazy, menu: string) => page(path, load, { kind: 'ads', menu, area: 'ads' });
const assets = (path: string, load: Lazy) => ads(`/assets/events/${path}`, load, '/assets/events');
/** A layout route (no path): its chrome loads with the first page that uses it. */
const layout = (load: Lazy, children: RouteObject[]): RouteObject => ({ lazy: load, children });

const SHELL_NS = ['accounts', 'notices'] as const;
const ACCOUNT_SETTINGS_NS = ['userSettings', 'advertisers', 'business-centers'] as const;

/** The one route table: every path of spec section 2 and the assets routes. */
export const routes: RouteObject[] = [
  {
    element: <GuardedRoot />,
    hydrateFallbackElement: <PageLoading fullscreen />,
    errorElement: <RouteError />,
    children: [
      page(
        '/login',
        lazy(
          () => import('../features/accounts/LoginPage'),
          (m) => ({ Component: m.LoginPage }),
          ['accounts'],
        ),
        { kind: 'public' },
      ),
      page(
        '/email',
        lazy(
          () => import('../features/accounts/EmailPage'),
          (m) => ({ Component: m.EmailPage }),
          ['accounts', 'members'],
        ),
        { kind: 'public' },
      ),
      { path: '/', element: <Navigate to="/select" replace />, handle: { kind: 'public' } },
      layout(
        lazy(
          () => import('../features/shell/SelectLayout'),
          (m) => ({ Component: m.SelectLayout }),
          SHELL_NS,
        ),
        [
          page(
            '/select',
            lazy(
              () => import('../features/business-centers/SelectPage'),
              (m) => ({ Component: m.SelectPage }),
              ['business-centers'],
            ),
            { kind: 'session' },
          ),
          page(
            '/select/business',
            lazy(
              () => import('../features/business-centers/BusinessCenterListPage'),
              (m) => ({ Component: m.BusinessCenterListPage }),
              ['business-centers'],
            ),
            {
              kind: 'session',
            },
          ),
          page(
            '/create-bc',
            lazy(
              () => import('../features/business-centers/CreateBusinessCenterPage'),
              (m) => ({ Component: m.CreateBusinessCenterPage }),
              ['business-centers'],
            ),
            {
              kind: 'session',
            },
          ),
        ],
      ),
      layout(
        lazy(
          () => import('../features/shell/SaLayout'),
          (m) => ({ Component: m.SaLayout }),
          SHELL_NS,
        ),
        [
          ...['/sa', '/sa/tool'].map((path) =>
            page(
              path,
              lazy(
                () => import('../features/operator-review/OperatorToolPage'),
                (m) => ({ Component: m.OperatorToolPage }),
                ['operatorReview', 'business-centers', 'creative', 'campaignEditor'],
              ),
              { kind: 'sa' },
            ),
          ),
        ],
      ),
      layout(
        lazy(
          () => import('../features/shell/SettingLayout'),
          (m) => ({ Component: m.SettingLayout }),
          SHELL_NS,
        ),
        [
          redirect('/setting', '/setting/index', 'setting'),
          page(
            '/setting/index',
            lazy(
              () => import('../features/user-settings/ProfilePage'),
              (m) => ({ Component: m.ProfilePage }),
              ['userSettings', 'accounts'],
            ),
            {
              kind: 'setting',
            },
          ),
          page(
            '/setting/account-info',
            lazy(
              () => import('../features/user-settings/AccountInfoPage'),
              (m) => ({ Component: m.AccountInfoPage }),
              ACCOUNT_SETTINGS_NS,
            ),
            {
              kind: 'setting',
            },
          ),
          page(
            '/setting/account-file',
            lazy(
              () => import('../features/user-settings/AccountFilePage'),
              (m) => ({ Component: m.AccountFilePage }),
              ACCOUNT_SETTINGS_NS,
            ),
            {
              kind: 'setting',
            },
          ),
          page(
            '/setting/account-markup',
            lazy(
              () => import('../features/user-settings/AccountMarkupPage'),
              (m) => ({ Component: m.AccountMarkupPage }),
              ACCOUNT_SETTINGS_NS,
            ),
            {
              kind: 'setting',
            },
          ),
          page(
            '/setting/payment',
            lazy(
              () => import('../features/user-settings/AccountPaymentPage'),
              (m) => ({ Component: m.AccountPaymentPage }),
              ['userSettings', 'finance', 'business-centers'],
            ),
            { kind: 'setting' },
          ),
        ],
      ),
      layout(
        lazy(
          () => import('../features/shell/CreativeLayout'),
          (m) => ({ Component: m.CreativeLayout }),
          SHELL_NS,
        ),
        [
          page(
            '/creative/index',
            lazy(
              () => import('../features/creative-viewer/CreativeViewerPage'),
              (m) => ({ Component: m.CreativeViewerPage }),
              ['campaignEditor', 'creative', 'campaigns'],
            ),
            { kind: 'creative' },
          ),
        ],
      ),
      layout(
        lazy(
          () => import('../features/shell/MainLayout'),
          (m) => ({ Component: m.MainLayout }),
          SHELL_NS,
        ),
        [
          redirect('/manage', '/manage/overview'),
          manage(
            '/manage/overview',
            lazy(
              () => import('../features/overview/OverviewPage'),
              (m) => ({ Component: m.OverviewPage }),
              ['overview', 'advertisers'],
            ),
          ),
          manage(
            '/manage/overview/detail',
            lazy(
              () => import('../features/overview/ActivityDetailPage'),
              (m) => ({ Component: m.ActivityDetailPage }),
              ['overview'],
            ),
          ),
          manage(
            '/manage/members',
            lazy(
              () => import('../features/members/MembersPage'),
              (m) => ({ Component: m.MembersPage }),
              ['members', 'advertisers'],
            ),
          ),
          manage(
            '/manage/partner',
            lazy(
              () => import('../features/partners/PartnersPage'),
              (m) => ({ Component: m.PartnersPage }),
              ['partners', 'members', 'advertisers'],
            ),
          ),
          manage(
            '/manage/account',
            lazy(
              () => import('../features/advertisers/AccountListPage'),
              (m) => ({ Component: m.AccountListPage }),
              ['advertisers', 'business-centers'],
            ),
          ),
          manage(
            '/manage/payment',
            lazy(
              () => import('../features/finance/PaymentPage'),
              (m) => ({ Component: m.PaymentPage }),
              ['finance'],
            ),
          ),
          manage(
            '/manage/setting',
            lazy(
              () => import('../features/business-settings/BusinessSettingsPage'),
              (m) => ({ Component: m.BusinessSettingsPage }),
              ['businessSettings', 'business-centers'],
            ),
          ),
          manage(
            '/manage/verify',
            lazy(
              () => import('../features/verification/VerificationPage'),
              (m) => ({ Component: m.VerificationPage }),
              ['verification'],
            ),
          ),
          // Finance belongs to the manage menu's finance group and is an org-level page.
          manage(
            '/finance/index',
            lazy(
              () => import('../features/finance/FinancePage'),
              (m) => ({ Component: m.FinancePage }),
              // The statements' download is shared with /setting/payment and speaks userSettings.
              ['finance', 'userSettings'],
            ),
          ),
          ads(
            '/home/index',
            lazy(
              () => import('../features/home/HomePage'),
              (m) => ({ Component: m.HomePage }),
              ['home', 'reports', 'campaigns'],
            ),
            '/home/index',
          ),
          redirect('/perf', '/perf/campaign'),
          ...(['campaign', 'adgroup', 'creative'] as const).map((level) => ({
            ...ads(
              `/perf/${level}`,
              lazy(
                () => import('../features/campaigns/PerfListPage'),
                (m) => ({ Component: m.PerfListPage }),
                ['campaigns', 'creative'],
              ),
              '/perf/campaign',
            ),
            // The tab names the level (the menu entry is "Campaigns" for all three).
            handle: { kind: 'ads', menu: '/perf/campaign', area: 'ads', title: `menu.perf_${level}` },
          })),
          ads(
            '/perf/new',
            lazy(
              () => import('../features/campaign-editor/CampaignEditorPage'),
              (m) => ({ Component: m.CampaignEditorPage }),
              ['campaignEditor', 'campaigns', 'creative', 'audiences'],
            ),
            '/perf/campaign',
          ),
          redirect('/report', '/report/index'),
          ads(
            '/report/index',
            lazy(
              () => import('../features/reports/CustomReportPage'),
              (m) => ({ Component: m.CustomReportPage }),
              ['reports', 'campaigns'],
            ),
            '/report/index',
          ),
          ads(
            '/report/detail',
            lazy(
              () => import('../features/reports/CustomReportPage'),
              (m) => ({ Component: m.DetailReportPage }),
              ['reports', 'campaigns'],
            ),
            '/report/detail',
          ),
          ads(
            '/report/hourly',
            lazy(
              () => import('../features/reports/HourlyReportPage'),
              (m) => ({ Component: m.HourlyReportPage }),
              ['reports', 'campaigns'],
            ),
            '/report/hourly',
          ),
          ads(
            '/report/bundle',
            lazy(
              () => import('../features/reports/BundleReportPage'),
              (m) => ({ Component: m.BundleReportPage }),
              ['reports', 'campaigns'],
            ),
            '/report/bundle',
          ),
          ads(
            '/report/bundle/manage',
            lazy(
              () => import('../features/reports/BundleListsPage'),
              (m) => ({ Component: m.BundleListsPage }),
              ['reports', 'campaignEditor'],
            ),
            '/report/bundle/manage',
          ),
          redirect('/assets', '/assets/events'),
          ads(
            '/assets/events',
            lazy(
              () => import('../features/assets/EventsHomePage'),
              (m) => ({ Component: m.EventsHomePage }),
              ['assets'],
            ),
            '/assets/events',
          ),
          assets(
            'index',
            lazy(
              () => import('../features/assets/EventsHomePage'),
              (m) => ({ Component: m.EventsHomePage }),
              ['assets'],
            ),
          ),
          assets(
            'cards/app',
            lazy(
              () => import('../features/assets/AssetCardsPage'),
              (m) => ({ element: <m.AssetCardsPage key="app" kind="app" /> }),
              ['assets'],
            ),
          ),
          assets(
            'cards/pixel',
            lazy(
              () => import('../features/assets/AssetCardsPage'),
              (m) => ({ element: <m.AssetCardsPage key="pixel" kind="pixel" /> }),
              ['assets'],
            ),
          ),
          assets(
            'cards/api',
            lazy(
              () => import('../features/assets/AssetCardsPage'),
              (m) => ({ element: <m.AssetCardsPage key="api" kind="api" /> }),
              ['assets'],
            ),
          ),
          assets(
            'app/:id',
            lazy(
              () => import('../features/assets/AppDetailPage'),
              (m) => ({ Component: m.AppDetailPage }),
              ['assets', 'tracking'],
            ),
          ),
          assets(
            'api/:id',
            lazy(
              () => import('../features/assets/ApiSourcePage'),
              (m) => ({ Component: m.ApiSourcePage }),
              ['assets', 'tracking'],
            ),
          ),
          assets(
            'pixel/:id',
            lazy(
              () => import('../features/assets/PixelDetailPage'),
              (m) => ({ Component: m.PixelDetailPage }),
              ['assets', 'tracking'],
            ),
          ),
        ],
      ),
      page(
        '*',
        lazy(
          () => import('../components/NotFound'),
          (m) => ({ Component: m.NotFound }),
        ),
        { kind: 'public' },
      ),
    ],
  },
];

export const router = createBrowserRouter(routes);
