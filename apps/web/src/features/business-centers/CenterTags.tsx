import { UserOutlined } from '@ant-design/icons';
import type { TOrgSummary } from '@scaler/domain';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** The center's type and the user's role, each labelled for hover and screen readers. */
export function CenterTypeTag({ org }: { org: Pick<TOrgSummary, 'org_type'> }) {
  const { t } = useTranslation(['business-centers', 'common']);
  const type = t(`common:org_type.${org.org_type}`);
  return (
    <Tooltip title={t('select.type_label', { type })}>
      <Tag color={org.org_type === 1 ? 'geekblue' : 'cyan'} style={{ marginInlineEnd: 0 }}>
        {type}
      </Tag>
    </Tooltip>
  );
}

export function CenterRoleTag({ org }: { org: Pick<TOrgSummary, 'org_role'> }) {
  const { t } = useTranslation(['business-centers', 'common']);
  const role = t(`common:org_role.${org.org_role}`);
  return (
    <Tooltip title={t('select.role_label', { role })}>
      <Tag
        icon={<UserOutlined />}
        color={org.org_role === 'org_admin' ? 'gold' : undefined}
        style={{ marginInlineEnd: 0 }}
      >
        {role}
      </Tag>
    </Tooltip>
  );
}
