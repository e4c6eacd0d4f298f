import { KeyOutlined, LogoutOutlined } from '@ant-design/icons';
import { Button, Layout, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../components/LanguageSelect';
import { useLogout } from '../accounts/api';
import { ResetPasswordDialog } from '../accounts/ResetPasswordDialog';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { GuardedOutlet } from './GuardedOutlet';
import { HeaderBar } from './HeaderBar';

/** /creative/index for creative viewers (v === 1): change password, log out, language. */
export function CreativeLayout() {
  const { t } = useTranslation('shell');
  const logout = useLogout();
  const { user } = useConsoleContext();
  const [resetOpen, setResetOpen] = useState(false);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <HeaderBar
        left={<Typography.Text type="secondary">{t('creative.title')}</Typography.Text>}
        right={
          <>
            <LanguageSelect size="small" />
            <Button type="text" icon={<KeyOutlined />} onClick={() => setResetOpen(true)}>
              {t('user.reset_password')}
            </Button>
            <Button
              type="text"
              icon={<LogoutOutlined />}
              loading={logout.isPending}
              onClick={() => logout.mutate(undefined)}
            >
              {t('user.logout')}
            </Button>
          </>
        }
      />
      <Layout.Content style={{ padding: 24 }}>
        <GuardedOutlet />
      </Layout.Content>
      <ResetPasswordDialog open={resetOpen} email={user?.email ?? ''} onClose={() => setResetOpen(false)} />
    </Layout>
  );
}
