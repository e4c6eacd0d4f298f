import { ClockCircleOutlined } from '@ant-design/icons';
import type { TBusinessCenterInfo } from '@scaler/domain';
import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Explains what the center's time zone and currency are used for. */
export function TimeZoneCurrencyCard({ info }: { info: TBusinessCenterInfo }) {
  const { t } = useTranslation('businessSettings');
  return (
    <Card
      title={
        <>
          <ClockCircleOutlined /> {t('tz.title')}
        </>
      }
    >
      <Descriptions column={1} size="small" style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('tz.timezone')}>UTC{info.timezone}</Descriptions.Item>
        <Descriptions.Item label={t('tz.currency')}>{info.currency}</Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('tz.defaults')}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('tz.reports')}
      </Typography.Paragraph>
    </Card>
  );
}
