import type { TOrgSummary } from '@scaler/domain';
import { Avatar, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { avatarUrl } from '../../lib/avatar';
import { OrgStatusBadge } from '../business-centers/OrgStatusBadge';

/** The current center: name, ID (to give to partners), type, status and the user's role. */
export function CenterHeader({ center }: { center: TOrgSummary }) {
  const { t } = useTranslation(['overview', 'common']);
  return (
    <Card>
      <Flex gap={16} align="center" style={{ marginBottom: 16 }}>
        <Avatar size={56} shape="square" src={avatarUrl(center.avatar, 'bc')} alt="" />
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {center.org_name}
          </Typography.Title>
          <Typography.Text type="secondary">{t('subtitle')}</Typography.Text>
        </div>
      </Flex>
      <Descriptions column={{ xs: 1, sm: 2, lg: 4 }}>
        <Descriptions.Item label={t('header.id')}>
          <Typography.Text copyable>{center.org_id}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('header.type')}>
          <Tag color={center.org_type === 1 ? 'geekblue' : 'cyan'}>
            {t(`common:org_type.${center.org_type}`)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('header.status')}>
          <OrgStatusBadge status={center.org_status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('header.role')}>
          {t(`common:org_role.${center.org_role}`)}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
