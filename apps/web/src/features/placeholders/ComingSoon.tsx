import { ClockCircleOutlined } from '@ant-design/icons';
import { Card, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusResult } from '../../components/StatusResult';
import type enPlaceholders from '../../i18n/locales/en-US/placeholders.json';

export type PlaceholderFeature = keyof (typeof enPlaceholders)['features'];

/** The empty state of a page a later issue builds: names the feature and says it is coming. */
export function ComingSoon({ feature }: { feature: PlaceholderFeature }) {
  const { t } = useTranslation('placeholders');
  const title = t(`features.${feature}.title`);
  return (
    <Card variant="borderless">
      <StatusResult
        icon={<ClockCircleOutlined style={{ color: 'var(--ant-color-primary)' }} />}
        title={
          <>
            {title} <Tag color="processing">{t('coming')}</Tag>
          </>
        }
        subTitle={
          <>
            {t(`features.${feature}.text`)}
            <br />
            {t('coming_text')}
          </>
        }
      />
    </Card>
  );
}

export function comingSoon(feature: PlaceholderFeature) {
  return <ComingSoon feature={feature} />;
}
