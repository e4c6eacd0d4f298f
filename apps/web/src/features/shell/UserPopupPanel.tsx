import {
  AuditOutlined,
  CheckOutlined,
  KeyOutlined,
  LogoutOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Divider, Flex, Menu, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogout } from '../accounts/api';
import { UserAvatar } from './UserAvatar';
import { switchOrgHref, type UserPopupProps } from './UserPopup';

/** The open user popup: who is signed in, the centers to switch to, settings, password and log out. */
export function UserPopupPanel({
  user,
  currentOrg,
  bcList,
  onGlobalSettings,
  onResetPassword,
  onClose,
}: UserPopupProps & { onClose: () => void }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const logout = useLogout();

  const switchOrg = (orgId: number) => {
    if (orgId === currentOrg?.org_id) return;
    window.location.replace(switchOrgHref(`${window.location.pathname}${window.location.search}`, orgId));
  };
  const act = (fn: () => void) => () => {
    onClose();
    fn();
  };

  return (
    <div style={{ width: 280 }}>
      <Flex gap={12} align="center">
        <UserAvatar src={user.avatar_middle} email={user.email} size={44} />
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong ellipsis style={{ display: 'block' }}>
            {user.name || user.email}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} copyable={{ text: user._id }}>
            {t('user.user_id')}: {user._id}
          </Typography.Text>
        </div>
      </Flex>
      {currentOrg && (
        <>
          <Divider style={{ margin: '12px 0' }} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('user.current_org')}
          </Typography.Text>
          <div>
            <Typography.Text strong>{currentOrg.org_name}</Typography.Text>{' '}
            <Typography.Text type="secondary">{currentOrg.org_id}</Typography.Text>
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 8 }}>
            {t('user.switch_org')}
          </Typography.Text>
          <Menu
            selectable={false}
            style={{ border: 'none', maxHeight: 200, overflowY: 'auto' }}
            items={bcList.map((o) => ({
              key: String(o.org_id),
              label: `${o.org_name} (${o.org_id})`,
              icon: o.org_id === currentOrg.org_id ? <CheckOutlined /> : <span style={{ width: 14 }} />,
              onClick: () => switchOrg(o.org_id),
            }))}
          />
        </>
      )}
      <Divider style={{ margin: '12px 0' }} />
      <Menu
        selectable={false}
        style={{ border: 'none' }}
        items={[
          {
            key: 'settings',
            icon: <UserOutlined />,
            label: t('user.settings'),
            onClick: act(() => navigate('/setting/index')),
          },
          // Every platform operator reaches the tool from here, whatever page they are on.
          ...(user.is_operator
            ? [
                {
                  key: 'operator',
                  icon: <AuditOutlined />,
                  label: t('user.operator_tool'),
                  onClick: act(() => navigate('/sa/tool')),
                },
              ]
            : []),
          ...(onGlobalSettings
            ? [
                {
                  key: 'global',
                  icon: <SettingOutlined />,
                  label: t('user.global_settings'),
                  onClick: act(onGlobalSettings),
                },
              ]
            : []),
          {
            key: 'reset',
            icon: <KeyOutlined />,
            label: t('user.reset_password'),
            onClick: act(onResetPassword),
          },
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            label: t('user.logout'),
            onClick: act(() => logout.mutate(undefined)),
          },
        ]}
      />
    </div>
  );
}
