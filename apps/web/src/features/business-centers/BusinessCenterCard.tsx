import { ORG_STATUS, type TOrgSummary } from '@scaler/domain';
import { Avatar, Button, Card, Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { avatarUrl } from '../../lib/avatar';
import { OrgStatusBadge } from './OrgStatusBadge';
import { orgEntryPath } from './orgEntry';

export function BusinessCenterCard({ org }: { org: TOrgSummary }) {
  const { t } = useTranslation(['business-centers', 'common']);
  const navigate = useNavigate();
  const entry = orgEntryPath(org);
  const action = entry ? (
    <Button
      type={org.org_status === ORG_STATUS.active ? 'primary' : 'default'}
      onClick={() => navigate(entry)}
    >
      {org.org_status === ORG_STATUS.active ? t('select.open') : t('select.settings')}
    </Button>
  ) : (
    <Tooltip title={t('select.not_openable')}>
      <Button disabled>{t('select.open')}</Button>
    </Tooltip>
  );

  return (
    <Card hoverable={Boolean(entry)} style={{ opacity: entry ? 1 : 0.65 }} styles={{ body: { padding: 20 } }}>
      <Flex gap={16} align="center">
        <Avatar size={48} shape="square" src={avatarUrl(org.avatar, 'bc')} alt="" />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Typography.Title level={5} ellipsis style={{ margin: 0 }}>
            {org.org_name}
          </Typography.Title>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('common:id')}: {org.org_id}
          </Typography.Text>
        </div>
        {action}
      </Flex>
      <Flex gap={8} wrap align="center" style={{ marginTop: 16 }}>
        <Tag color={org.org_type === 1 ? 'geekblue' : 'cyan'}>{t(`common:org_type.${org.org_type}`)}</Tag>
        <Tag>{t(`common:org_role.${org.org_role}`)}</Tag>
        <span style={{ marginInlineStart: 'auto' }}>
          <OrgStatusBadge status={org.org_status} />
        </span>
      </Flex>
    </Card>
  );
}
