import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFound } from '../components/NotFound';
import { RedirectKeepQuery } from '../components/RedirectKeepQuery';
import { EmailPage } from '../features/accounts/EmailPage';
import { LoginPage } from '../features/accounts/LoginPage';
import { AccountListPage } from '../features/advertisers/AccountListPage';
import { ApiSourcePage } from '../features/assets/ApiSourcePage';
import { AppDetailPage } from '../features/assets/AppDetailPage';
import { AssetCardsPage } from '../features/assets/AssetCardsPage';
import { EventsHomePage } from '../features/assets/EventsHomePage';
import { PixelDetailPage } from '../features/assets/PixelDetailPage';
import { BusinessCenterListPage } from '../features/business-centers/BusinessCenterListPage';
import { CreateBusinessCenterPage } from '../features/business-centers/CreateBusinessCenterPage';
import { SelectPage } from '../features/business-centers/SelectPage';
import { BusinessSettingsPage } from '../features/business-settings/BusinessSettingsPage';
import { MembersPage } from '../features/members/MembersPage';
import { OperatorToolPage } from '../features/operator-review/OperatorToolPage';
import { ActivityDetailPage } from '../features/overview/ActivityDetailPage';
import { OverviewPage } from '../features/overview/OverviewPage';
import { PartnersPage } from '../features/partners/PartnersPage';
import { comingSoon } from '../features/placeholders/ComingSoon';
import { CreativeLayout } from '../features/shell/CreativeLayout';
import { MainLayout } from '../features/shell/MainLayout';
import type { MenuArea } from '../features/shell/menuItems';
import { SaLayout } from '../features/shell/SaLayout';
import { SelectLayout } from '../features/shell/SelectLayout';
import { SettingLayout } from '../features/shell/SettingLayout';
import { AccountFilePage } from '../features/user-settings/AccountFilePage';
import { AccountInfoPage } from '../features/user-settings/AccountInfoPage';
import { AccountMarkupPage } from '../features/user-settings/AccountMarkupPage';
import { ProfilePage } from '../features/user-settings/ProfilePage';
import { VerificationPage } from '../features/verification/VerificationPage';
import { GuardedRoot } from './GuardedRoot';
import type { RouteKind, RouteMeta } from './guard';

/** Route meta in `handle`: what the guard checks, and which side-menu entry the page belongs to. */
export interface RouteHandle extends RouteMeta {
  area?: MenuArea;
}

const page = (path: string, element: RouteObject['element'], handle: RouteHandle): RouteObject => ({
  path,
  element,
  handle,
});
const redirect = (path: string, to: string, kind: RouteKind = 'public'): RouteObject => ({
  path,
  element: <RedirectKeepQuery to={to} />,
  handle: { kind },
});
const manage = (path: string, element: RouteObject['element'], menu = path) =>
  page(path, element, { kind: 'manage', menu, area: 'manage' });
const ads = (path: string, element: RouteObject['element'], menu: string) =>
  page(path, element, { kind: 'ads', menu, area: 'ads' });
const assets = (path: string, element: RouteObject['element']) =>
  ads(`/assets/events/${path}`, element, '/assets/events');

/** The one route table: every path of spec section 2 and the assets routes. */
export const routes: RouteObject[] = [
  {
    element: <GuardedRoot />,
    children: [
      page('/login', <LoginPage />, { kind: 'public' }),
      page('/email', <EmailPage />, { kind: 'public' }),
      { path: '/', element: <Navigate to="/select" replace />, handle: { kind: 'public' } },
      {
        element: <SelectLayout />,
        children: [
          page('/select', <SelectPage />, { kind: 'session' }),
          page('/select/business', <BusinessCenterListPage />, { kind: 'session' }),
          page('/create-bc', <CreateBusinessCenterPage />, { kind: 'session' }),
        ],
      },
      {
        element: <SaLayout />,
        children: [
          page('/sa', <OperatorToolPage />, { kind: 'sa' }),
          page('/sa/tool', <OperatorToolPage />, { kind: 'sa' }),
        ],
      },
      {
        element: <SettingLayout />,
        children: [
          redirect('/setting', '/setting/index', 'setting'),
          page('/setting/index', <ProfilePage />, { kind: 'setting' }),
          page('/setting/account-info', <AccountInfoPage />, { kind: 'setting' }),
          page('/setting/account-file', <AccountFilePage />, { kind: 'setting' }),
          page('/setting/account-markup', <AccountMarkupPage />, { kind: 'setting' }),
          page('/setting/payment', comingSoon('setting_payment'), { kind: 'setting' }),
        ],
      },
      {
        element: <CreativeLayout />,
        children: [page('/creative/index', comingSoon('creative_viewer'), { kind: 'creative' })],
      },
      {
        element: <MainLayout />,
        children: [
          redirect('/manage', '/manage/overview'),
          manage('/manage/overview', <OverviewPage />),
          manage('/manage/overview/detail', <ActivityDetailPage />),
          manage('/manage/members', <MembersPage />),
          manage('/manage/partner', <PartnersPage />),
          manage('/manage/account', <AccountListPage />),
          manage('/manage/payment', comingSoon('payment')),
          manage('/manage/setting', <BusinessSettingsPage />),
          manage('/manage/verify', <VerificationPage />),
          // Finance belongs to the manage menu's finance group and is an org-level page.
          manage('/finance/index', comingSoon('finance')),
          ads('/home/index', comingSoon('home'), '/home/index'),
          redirect('/perf', '/perf/campaign'),
          ads('/perf/campaign', comingSoon('perf_campaign'), '/perf/campaign'),
          ads('/perf/adgroup', comingSoon('perf_adgroup'), '/perf/campaign'),
          ads('/perf/creative', comingSoon('perf_creative'), '/perf/campaign'),
          ads('/perf/new', comingSoon('perf_new'), '/perf/campaign'),
          redirect('/report', '/report/index'),
          ads('/report/index', comingSoon('report_custom'), '/report/index'),
          ads('/report/detail', comingSoon('report_detail'), '/report/detail'),
          ads('/report/hourly', comingSoon('report_hourly'), '/report/hourly'),
          ads('/report/bundle', comingSoon('report_bundle'), '/report/bundle'),
          ads('/report/bundle/manage', comingSoon('report_bundle_manage'), '/report/bundle/manage'),
          redirect('/assets', '/assets/events'),
          ads('/assets/events', <EventsHomePage />, '/assets/events'),
          assets('index', <EventsHomePage />),
          assets('cards/app', <AssetCardsPage key="app" kind="app" />),
          assets('cards/pixel', <AssetCardsPage key="pixel" kind="pixel" />),
          assets('cards/api', <AssetCardsPage key="api" kind="api" />),
          assets('app/:id', <AppDetailPage />),
          assets('api/:id', <ApiSourcePage />),
          assets('pixel/:id', <PixelDetailPage />),
        ],
      },
      page('*', <NotFound />, { kind: 'public' }),
    ],
  },
];

export const router = createBrowserRouter(routes);
