import { Col, Flex, Row, Tag } from 'antd';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LinkButton } from '../../components/LinkButton';
import { OnceOpened } from '../../components/OnceOpened';
import { PageLoading } from '../../components/PageLoading';
import { ApiDocsCard } from './ApiDocsCard';
import { ApiSourceCard } from './ApiSourceCard';
import { useAssetContext } from './access';
import { usePixel } from './api';
import { AssetLoadError, AssetNotFound, DetailHeader } from './DetailHeader';
import { LiveEventsPanel } from './LiveEventsPanel';
import { PixelStatusCard } from './PixelStatusCard';
import { assetPaths, isAssetId } from './paths';
import { ReadOnlyNotice } from './ReadOnlyNotice';
import { RecordingBadge } from './RecordingBadge';

// Dialogs load when first opened.
const TokenModal = lazy(() => import('./TokenModal').then((m) => ({ default: m.TokenModal })));

/**
 * /assets/events/api/:id: the API event source of pixel `id` (an API source belongs to a pixel, whose
 * events and statistics it feeds; any pixel may get one, API-mode pixels get one when created).
 */
export function ApiSourcePage() {
  const { t } = useTranslation('assets');
  const { id = '' } = useParams();
  const { org, adv, access } = useAssetContext();
  const pixel = usePixel(adv, id);
  const [token, setToken] = useState<string | null>(null);
  const back = { to: assetPaths.cards('api', org, adv), label: t('back.api') };

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
            <Tag color="blue">{t(`mode.${data.mode}`)}</Tag>
            <Tag>{t(`conversion_type.${data.conversion_type}`)}</Tag>
            <RecordingBadge status={data.status} />
          </>
        }
        extra={
          <LinkButton to={assetPaths.detail('pixel', data._id, org, adv)}>
            {t(access.canEdit ? 'api.edit_pixel' : 'api.view_pixel')}
          </LinkButton>
        }
      />
      <ReadOnlyNotice access={access} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <ApiSourceCard pixel={data} canEdit={access.canEdit} onToken={setToken} />
        </Col>
        <Col xs={24} xl={14}>
          <ApiDocsCard pixel={data} />
        </Col>
      </Row>
      <LiveEventsPanel adv={adv} kind="pixel" assetId={id} />
      <PixelStatusCard adv={adv} pixelId={id} />
      <OnceOpened open={token !== null}>
        <TokenModal token={token} onClose={() => setToken(null)} />
      </OnceOpened>
    </Flex>
  );
}
