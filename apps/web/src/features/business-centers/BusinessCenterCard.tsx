import type { TOrgSummary } from '@scaler/domain';
import { Avatar, Card, Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { avatarUrl } from '../../lib/avatar';
import { CenterEntryButton } from './CenterEntryButton';
import { CenterRoleTag, CenterTypeTag } from './CenterTags';
import { OrgStatusBadge } from './OrgStatusBadge';
import { orgEntryPath } from './orgEntry';

/**
 * A center in the quick picker: name and ID, type, the user's role, status (explained), and its entry.
 * The whole card opens the center; for the keyboard its name is the link (the button does the same).
 */
export function BusinessCenterCard({ org }: { org: TOrgSummary }) {
  const { t } = useTranslation(['business-centers', 'common']);
  const navigate = useNavigate();
  const entry = orgEntryPath(org);

  return (
    <Card
      hoverable={entry !== null}
      style={{ opacity: entry ? 1 : 0.65, height: '100%', cursor: entry ? 'pointer' : undefined }}
      styles={{ body: { padding: 20 } }}
      onClick={(event) => {
        // The name link and the entry button open it themselves.
        if (entry && !(event.target as HTMLElement).closest('a, button')) navigate(entry);
      }}
    >
      <Flex gap={16} align="center">
        <Avatar size={48} shape="square" src={avatarUrl(org.avatar, 'bc')} alt="" style={{ flex: 'none' }} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Typography.Title level={5} ellipsis={{ tooltip: org.org_name }} style={{ margin: 0 }}>
            {entry ? (
              <Link to={entry} style={{ color: 'inherit' }}>
                {org.org_name}
              </Link>
            ) : (
              org.org_name
            )}
          </Typography.Title>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('common:id')}: {org.org_id}
          </Typography.Text>
        </div>
      </Flex>
      <Flex gap={8} wrap align="center" style={{ marginTop: 16 }}>
        <CenterTypeTag org={org} />
        <CenterRoleTag org={org} />
        <Tooltip title={t(`select.status_hint.${org.org_status}`)}>
          <span style={{ marginInlineStart: 'auto' }}>
            <OrgStatusBadge status={org.org_status} />
          </span>
        </Tooltip>
      </Flex>
      <Flex justify="flex-end" style={{ marginTop: 16 }}>
        <CenterEntryButton org={org} />
      </Flex>
    </Card>
  );
}
