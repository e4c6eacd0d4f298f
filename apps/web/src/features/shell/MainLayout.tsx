import { Layout } from 'antd';
import { lazy, Suspense } from 'react';
import { useMatches, useNavigate } from 'react-router';
import { withContext } from '../../lib/context';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { NoticePopover } from '../notices/NoticePopover';
import { AreaSwitch } from './AreaSwitch';
import { GuardedOutlet } from './GuardedOutlet';
import { HeaderBar } from './HeaderBar';
import { HeaderUserArea } from './HeaderUserArea';
import type { MenuArea } from './menuItems';
import { OrgStatusBanner } from './OrgStatusBanner';
import { SideMenu } from './SideMenu';
import { SwitcherMenu } from './SwitcherMenu';

// The advertising area's account switcher (an antd Select) loads with the first page of that area.
const AdvSwitcher = lazy(() => import('./AdvSwitcher').then((m) => ({ default: m.AdvSwitcher })));

interface MenuHandle {
  menu?: string;
  area?: MenuArea;
}

function useMenuHandle(): MenuHandle {
  const matches = useMatches();
  return (matches[matches.length - 1]?.handle ?? {}) as MenuHandle;
}

/** /manage/*, /home, /perf/*, /report/*, /assets/*, /finance: header, side menu of the area, content. */
export function MainLayout() {
  const navigate = useNavigate();
  const { menus, org, adv, orgAdvs, pathname, search } = useConsoleContext();
  const handle = useMenuHandle();
  const area: MenuArea = handle.area ?? (pathname.startsWith('/manage') ? 'manage' : 'ads');

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <HeaderBar
        left={<AreaSwitch area={area} />}
        right={
          <>
            <NoticePopover />
            {area === 'ads' && org !== null && (
              <Suspense fallback={<div style={{ width: 240 }} />}>
                <AdvSwitcher
                  org={org}
                  current={orgAdvs.find((a) => a.adv_id === adv) ?? null}
                  currentHref={`${pathname}${search}`}
                />
              </Suspense>
            )}
            <SwitcherMenu />
            <HeaderUserArea />
          </>
        }
      />
      <Layout>
        <SideMenu
          items={area === 'manage' ? menus.manage : menus.ads}
          area={area}
          selectedPath={handle.menu ?? pathname}
          onNavigate={(path) => navigate(withContext(path, { org, adv: adv ?? undefined }))}
        />
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>
          {area === 'manage' && <OrgStatusBanner />}
          <GuardedOutlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
