import { ADV_STATUS, type TAdvertiserDetail } from '@scaler/domain';
import { Alert, Descriptions, Flex, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { accountZoneText } from '../../lib/timeZones';
import { COMPANY_FIELDS } from '../business-centers/companyFields';
import { LicenseFileList } from '../files/LicenseFileList';
import { AdvStatusBadge } from './AdvStatusBadge';

const REASON_STATUSES: number[] = [ADV_STATUS.rejected, ADV_STATUS.stopped, ADV_STATUS.disabled];

/** Every field of an account, read-only (detail drawer and /setting/account-info). */
export function AccountDetails({
  detail,
  showFiles = true,
}: {
  detail: TAdvertiserDetail;
  showFiles?: boolean;
}) {
  const { t } = useTranslation(['advertisers', 'business-centers', 'common']);
  const companyValue = (field: (typeof COMPANY_FIELDS)[number]) => {
    const value = detail[field];
    if (!value) return <Typography.Text type="secondary">{t('advertisers:none')}</Typography.Text>;
    if (field === 'profession') return t(`business-centers:professions.${value}`, { defaultValue: value });
    if (field === 'timezone') return accountZoneText(detail.timezone_name, value);
    if (field === 'website')
      return (
        <Typography.Link href={value} target="_blank" rel="noopener noreferrer">
          {value}
        </Typography.Link>
      );
    return value;
  };

  return (
    <Flex vertical gap={16}>
      {detail.closed && <Alert type="warning" showIcon title={t('advertisers:closed_hint')} />}
      {REASON_STATUSES.includes(detail.status) && detail.review_reason && (
        <Alert
          type="error"
          showIcon
          title={t('advertisers:detail.review_reason')}
          description={detail.review_reason}
        />
      )}
      <Descriptions bordered size="small" column={1} styles={{ label: { width: 200 } }}>
        <Descriptions.Item label={t('advertisers:form.adv_name')}>{detail.adv_name}</Descriptions.Item>
        <Descriptions.Item label={t('common:id')}>
          <Typography.Text copyable>{detail.adv_id}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('advertisers:columns.status')}>
          <AdvStatusBadge status={detail.status} closed={detail.closed} hint />
        </Descriptions.Item>
        <Descriptions.Item label={t('advertisers:columns.owner')}>
          {detail.owner_org_name} ({detail.owner_org_id}){' '}
          {detail.shared && <Tag color="purple">{t('advertisers:shared')}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label={t('advertisers:columns.role')}>
          {t(`advertisers:roles.${detail.adv_role}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('advertisers:columns.created')}>
          {dayjs(detail.created_at).format('YYYY-MM-DD HH:mm:ss')}
        </Descriptions.Item>
        {COMPANY_FIELDS.map((field) => (
          <Descriptions.Item key={field} label={t(`business-centers:create.${field}`)}>
            {companyValue(field)}
          </Descriptions.Item>
        ))}
        {showFiles && (
          <Descriptions.Item label={t('advertisers:form.license_files')}>
            <LicenseFileList
              files={detail.license_files}
              owner={{ adv_id: detail.adv_id }}
              empty={t('advertisers:no_files')}
            />
          </Descriptions.Item>
        )}
      </Descriptions>
    </Flex>
  );
}
