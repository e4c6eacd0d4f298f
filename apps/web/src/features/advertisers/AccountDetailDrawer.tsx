import type { TAdvertiserRow } from '@scaler/domain';
import { Descriptions, Drawer, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { AccountDetails } from './AccountDetails';
import { useAdvertiser } from './api';

/** All fields of one account, its license files, the operator's reason and (for admins) its members. */
export function AccountDetailDrawer({
  org,
  row,
  onClose,
}: {
  org: number;
  row: TAdvertiserRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('advertisers');
  const detail = useAdvertiser(org, row?.adv_id ?? null);
  const data = detail.data;

  return (
    <Drawer open={row !== null} onClose={onClose} size={640} title={row?.adv_name ?? ''} destroyOnHidden>
      {detail.isError ? (
        <ErrorState onRetry={() => detail.refetch()} message={detail.error.message} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : (
        <Flex vertical gap={16}>
          <AccountDetails detail={data} />
          {data.members.length > 0 && (
            <>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {t('detail.members')}
              </Typography.Title>
              <Descriptions bordered size="small" column={1} styles={{ label: { width: 200 } }}>
                {data.members.map((m) => (
                  <Descriptions.Item key={m._id} label={m.name || m.email}>
                    {t(`roles.${m.adv_role}`)}
                    <Typography.Text type="secondary"> · {m.email}</Typography.Text>
                  </Descriptions.Item>
                ))}
              </Descriptions>
            </>
          )}
        </Flex>
      )}
    </Drawer>
  );
}
