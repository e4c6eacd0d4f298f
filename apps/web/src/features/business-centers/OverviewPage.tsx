import { AppstoreOutlined, SettingOutlined, TeamOutlined } from '@ant-design/icons';
import { menuPaths } from '@scaler/domain';
import { Avatar, Card, Col, Descriptions, Flex, Row, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/LinkButton';
import { avatarUrl } from '../../lib/avatar';
import { withContext } from '../../lib/context';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { OrgStatusBadge } from './OrgStatusBadge';

interface Shortcut {
  key: 'members' | 'accounts' | 'settings';
  path: string;
  icon: ReactNode;
}
const SHORTCUTS: Shortcut[] = [
  { key: 'members', path: '/manage/members', icon: <TeamOutlined /> },
  { key: 'accounts', path: '/manage/account', icon: <AppstoreOutlined /> },
  { key: 'settings', path: '/manage/setting', icon: <SettingOutlined /> },
];

/** /manage/overview: the frame of the current center; figures come with reporting. */
export function OverviewPage() {
  const { t } = useTranslation(['business-centers', 'common']);
  const { currentOrg, org, menus } = useConsoleContext();
  const paths = menuPaths(menus);
  if (!currentOrg || org === null) return null;

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex gap={16} align="center" style={{ marginBottom: 16 }}>
          <Avatar size={56} shape="square" src={avatarUrl(currentOrg.avatar, 'bc')} alt="" />
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {currentOrg.org_name}
            </Typography.Title>
            <Typography.Text type="secondary">{t('overview.figures_later')}</Typography.Text>
          </div>
        </Flex>
        <Descriptions column={{ xs: 1, sm: 2, lg: 4 }}>
          <Descriptions.Item label={t('overview.id')}>
            <Typography.Text copyable>{currentOrg.org_id}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('overview.type')}>
            <Tag color={currentOrg.org_type === 1 ? 'geekblue' : 'cyan'}>
              {t(`common:org_type.${currentOrg.org_type}`)}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('overview.status')}>
            <OrgStatusBadge status={currentOrg.org_status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('overview.role')}>
            {t(`common:org_role.${currentOrg.org_role}`)}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Row gutter={[16, 16]}>
        {SHORTCUTS.filter((s) => paths.includes(s.path)).map((s) => (
          <Col key={s.key} xs={24} md={8}>
            <Card>
              <Flex gap={12} align="flex-start">
                <Avatar
                  style={{ background: 'var(--ant-color-primary-bg)', color: 'var(--ant-color-primary)' }}
                  icon={s.icon}
                />
                <div style={{ flex: 1 }}>
                  <Typography.Title level={5} style={{ marginTop: 0 }}>
                    {t(`overview.${s.key}`)}
                  </Typography.Title>
                  <Typography.Paragraph type="secondary">{t(`overview.${s.key}_text`)}</Typography.Paragraph>
                  <LinkButton to={withContext(s.path, { org })}>{t('overview.open')}</LinkButton>
                </div>
              </Flex>
            </Card>
          </Col>
        ))}
      </Row>
    </Flex>
  );
}
