import { ApiOutlined, DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LinkButton } from '../../components/LinkButton';
import { PageLoading } from '../../components/PageLoading';
import { useAssetContext } from './access';
import { usePixel, usePixelReport } from './api';
import { AssetLoadError, AssetNotFound, DetailHeader } from './DetailHeader';
import { EventReportCard } from './EventReportCard';
import { LiveEventsPanel } from './LiveEventsPanel';
import { PixelSettingsCard } from './PixelSettingsCard';
import { PixelSnippetsCard } from './PixelSnippetsCard';
import { PixelStatisCard } from './PixelStatisCard';
import { PixelStatusCard } from './PixelStatusCard';
import { assetPaths, isAssetId } from './paths';
import { ReadOnlyNotice } from './ReadOnlyNotice';
import { RecordingBadge } from './RecordingBadge';
import { usePixelActions } from './usePixelActions';
import { useReportRange } from './useReportRange';

/** /assets/events/pixel/:id: settings, snippets, status, statistics, report and live test events of a pixel. */
export function PixelDetailPage() {
  const { t } = useTranslation('assets');
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { org, adv, access } = useAssetContext();
  const pixel = usePixel(adv, id);
  const { range, picker } = useReportRange();
  const report = usePixelReport(pixel.data ? adv : null, id, range);
  const listKind = pixel.data?.mode === 2 ? 'api' : 'pixel';
  const back = { to: assetPaths.cards(listKind, org, adv), label: t(`back.${listKind}`) };
  const actions = usePixelActions(() => navigate(back.to, { replace: true }));

  // A failed background refresh keeps the page; only a failed first load replaces it.
  const data = pixel.data;
  if (!isAssetId(id)) return <AssetNotFound back={back} />;
  if (!data) {
    if (pixel.isError)
      return <AssetLoadError error={pixel.error} onRetry={() => pixel.refetch()} back={back} />;
    return <PageLoading />;
  }

  return (
    <Flex vertical gap={16}>
      <DetailHeader
        back={back}
        title={data.name}
        tags={
          <>
            <Tag>{t(`mode.${data.mode}`)}</Tag>
            <Tag>{t(`conversion_type.${data.conversion_type}`)}</Tag>
            <RecordingBadge status={data.status} />
          </>
        }
        extra={
          <>
            {(data.mode === 2 || data.api_source) && (
              <LinkButton icon={<ApiOutlined />} to={assetPaths.detail('api', data._id, org, adv)}>
                {t('api.open')}
              </LinkButton>
            )}
            {access.canEdit && (
              <>
                <Button icon={<ReloadOutlined />} onClick={() => actions.confirmReset(data)}>
                  {t('pixel.reset')}
                </Button>
                <Button danger icon={<DeleteOutlined />} onClick={() => actions.confirmDelete(data)}>
                  {t('pixel.delete')}
                </Button>
              </>
            )}
          </>
        }
      />
      <ReadOnlyNotice access={access} />
      <PixelSettingsCard key={data.updated_at} pixel={data} canEdit={access.canEdit} />
      <PixelSnippetsCard pixel={data} org={org} />
      <LiveEventsPanel adv={adv} kind="pixel" assetId={id} />
      <PixelStatusCard adv={adv} pixelId={id} />
      <PixelStatisCard adv={adv} pixelId={id} range={range} picker={picker} />
      <EventReportCard query={report} picker={picker} />
    </Flex>
  );
}
