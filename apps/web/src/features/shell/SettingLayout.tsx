import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Layout, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { readContext, withContext } from '../../lib/context';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { settingPageVisible } from '../user-settings/settingNav';
import { GuardedOutlet } from './GuardedOutlet';
import { HeaderBar } from './HeaderBar';
import { HeaderUserArea } from './HeaderUserArea';
import { SwitcherMenu } from './SwitcherMenu';

const PAGES = [
  { path: '/setting/index', key: 'index' },
  { path: '/setting/account-info', key: 'account_info' },
  { path: '/setting/account-file', key: 'account_file' },
  { path: '/setting/account-markup', key: 'account_markup' },
  { path: '/setting/payment', key: 'payment' },
] as const;

/** /setting/*: user and account settings with their own navigation and a way back to the console. */
export function SettingLayout() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { org, adv } = readContext(search);
  const { currentOrg } = useConsoleContext();
  const back = org === null ? '/select' : withContext('/manage/overview', { org, adv: adv ?? undefined });

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <HeaderBar
        left={
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(back)}>
            {t('setting_nav.back')}
          </Button>
        }
        right={
          <>
            <SwitcherMenu />
            <HeaderUserArea />
          </>
        }
      />
      <Layout>
        <Layout.Sider
          theme="light"
          width={220}
          style={{ borderInlineEnd: '1px solid var(--ant-color-border-secondary)' }}
        >
          <Menu
            mode="inline"
            style={{ borderInlineEnd: 'none' }}
            selectedKeys={[pathname]}
            items={[
              {
                type: 'group',
                key: 'settings',
                label: t('setting_nav.title'),
                children: PAGES.filter((p) => settingPageVisible(p.path, currentOrg)).map((p) => ({
                  key: p.path,
                  label: t(`setting_nav.${p.key}`),
                })),
              },
            ]}
            onClick={({ key }) => navigate(withContext(key, { org, adv }))}
          />
        </Layout.Sider>
        <Layout.Content style={{ padding: 24 }}>
          <GuardedOutlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
