import { Avatar, Col, Flex, Row, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoading } from '../../components/PageLoading';
import { avatarUrl } from '../../lib/avatar';
import { AppEventsCard } from './AppEventsCard';
import { AppSettingsCard } from './AppSettingsCard';
import { useAssetContext } from './access';
import { useApp, useAppReport } from './api';
import { AssetLoadError, AssetNotFound, DetailHeader } from './DetailHeader';
import { EventReportCard } from './EventReportCard';
import { formatTime } from './format';
import { LiveEventsPanel } from './LiveEventsPanel';
import { PartnerLinksCard } from './PartnerLinksCard';
import { assetPaths, isAssetId } from './paths';
import { ReadOnlyNotice } from './ReadOnlyNotice';
import { RecordingBadge } from './RecordingBadge';
import { useReportRange } from './useReportRange';

/** /assets/events/app/:id: the app's settings, partner links, events, event report and live test events. */
export function AppDetailPage() {
  const { t } = useTranslation('assets');
  const { id = '' } = useParams();
  const { org, adv, access } = useAssetContext();
  const app = useApp(adv, id);
  const { range, picker } = useReportRange();
  const report = useAppReport(app.data ? adv : null, id, range);
  const back = { to: assetPaths.cards('app', org, adv), label: t('back.app') };

  // A failed background refresh keeps the page; only a failed first load replaces it.
  const data = app.data;
  if (!isAssetId(id)) return <AssetNotFound back={back} />;
  if (!data) {
    if (app.isError) return <AssetLoadError error={app.error} onRetry={() => app.refetch()} back={back} />;
    return <PageLoading />;
  }

  return (
    <Flex vertical gap={16}>
      <DetailHeader
        back={back}
        title={data.name}
        icon={<Avatar shape="square" size={48} src={avatarUrl(data.icon, 'adv')} alt="" />}
        tags={
          <>
            <Tag>{t(`os.${data.os}`)}</Tag>
            <Tag>{data.bundle_id}</Tag>
            <RecordingBadge status={data.status} />
            <Tag bordered={false}>{t('last_event', { time: formatTime(data.last_event_at) })}</Tag>
          </>
        }
      />
      <ReadOnlyNotice access={access} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <AppSettingsCard key={data.updated_at} app={data} canEdit={access.canEdit} />
        </Col>
        <Col xs={24} xl={12}>
          <PartnerLinksCard app={data} canEdit={access.canEdit} />
        </Col>
      </Row>
      <AppEventsCard app={data} canEdit={access.canEdit} />
      <LiveEventsPanel adv={adv} kind="app" assetId={id} />
      <EventReportCard query={report} picker={picker} />
    </Flex>
  );
}
