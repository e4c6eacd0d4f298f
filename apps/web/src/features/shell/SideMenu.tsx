import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { type MenuItem, SIDE_MENU_COLLAPSED_WIDTH, SIDE_MENU_WIDTH } from '@scaler/domain';
import { Button, Layout, Menu } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../i18n';
import { getMenuCollapsed, storeMenuCollapsed } from '../../lib/preferences';
import { type MenuArea, openKeysFor, toMenuItems } from './menuItems';

export interface SideMenuProps {
  items: readonly MenuItem[];
  area: MenuArea;
  selectedPath: string;
  onNavigate: (path: string) => void;
}

/** The collapsible side menu (spec 2, 9): 220 wide, 48 collapsed; the state survives reloads. */
export function SideMenu({ items, area, selectedPath, onNavigate }: SideMenuProps) {
  const { t } = useTranslation('shell');
  const [collapsed, setCollapsed] = useState(getMenuCollapsed);
  const toggle = () => {
    storeMenuCollapsed(!collapsed);
    setCollapsed(!collapsed);
  };
  return (
    <Layout.Sider
      theme="light"
      width={SIDE_MENU_WIDTH}
      collapsedWidth={SIDE_MENU_COLLAPSED_WIDTH}
      collapsed={collapsed}
      trigger={null}
      style={{
        borderInlineEnd: '1px solid var(--ant-color-border-secondary)',
        position: 'sticky',
        top: 56,
        height: 'calc(100vh - 56px)',
      }}
    >
      <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <Menu
          mode="inline"
          style={{ borderInlineEnd: 'none', flex: 1, overflowY: 'auto' }}
          items={toMenuItems(items, area, (name) => translateKey(name), collapsed)}
          selectedKeys={[selectedPath]}
          defaultOpenKeys={openKeysFor(items, selectedPath)}
          onClick={({ key }) => onNavigate(key)}
        />
        <Button
          type="text"
          block
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          aria-label={collapsed ? t('menu_expand') : t('menu_collapse')}
          aria-expanded={!collapsed}
          onClick={toggle}
          style={{ borderRadius: 0, height: 40, borderTop: '1px solid var(--ant-color-border-secondary)' }}
        />
      </div>
    </Layout.Sider>
  );
}
