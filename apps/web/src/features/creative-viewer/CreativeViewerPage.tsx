import { CREATIVE_TYPES, type TCreativeGalleryPage } from '@scaler/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Input, List, Select, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { request } from '../../api/client';
import { queryRoot } from '../../api/invalidation';
import { useHeadersKey } from '../../api/queryKeys';
import { CreativePreview } from '../../components/CreativePreview';
import { ErrorState } from '../../components/ErrorState';
import { useRejectionText } from '../../components/RejectionReason';
import { withContext } from '../../lib/context';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { DeliveryStatus } from '../campaigns/DeliveryStatus';
import { readViewerState, writeViewerState } from './viewerState';

const PAGE_SIZE = 24;
const REVIEW_COLOR: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'error', 3: 'success' };

/**
 * `/creative/index`: the creative viewer (`v` = 1, spec 1): the creatives of the accounts the user may
 * see, as they show (images, video player, HTML in a sandbox), with search, type and review filters in
 * the URL. The server pages and filters (`creative/gallery`), so an account with 10,000 creatives
 * costs one page of 24.
 */
export function CreativeViewerPage() {
  const { t } = useTranslation(['campaignEditor', 'creative', 'campaigns']);
  const rejection = useRejectionText();
  const navigate = useNavigate();
  const { search, pathname, org, adv, orgAdvs, user, routesLoaded } = useConsoleContext();
  const state = readViewerState(search);

  // The user's first center and its first account they may see, when the URL names none.
  const firstOrg = user?.orgs[0]?.org_id ?? null;
  const firstAdv = orgAdvs[0]?.adv_id ?? null;
  useEffect(() => {
    if (org === null && firstOrg !== null) {
      navigate(withContext(`${pathname}${search}`, { org: firstOrg }), { replace: true });
    } else if (org !== null && adv === null && firstAdv !== null) {
      navigate(withContext(`${pathname}${search}`, { adv: firstAdv }), { replace: true });
    }
  }, [org, adv, firstOrg, firstAdv, pathname, search, navigate]);
  const noAccount =
    user !== null && (firstOrg === null || (org !== null && routesLoaded && orgAdvs.length === 0));

  const query = {
    page: state.page,
    page_size: PAGE_SIZE,
    q: state.q,
    creative_type: state.type ?? undefined,
    review_status: state.review ?? undefined,
  };
  const gallery = useQuery({
    queryKey: useHeadersKey([...queryRoot('campaigns'), 'gallery', adv, query] as const),
    queryFn: () => request<TCreativeGalleryPage>('/scaler/v3/creative/gallery', { query }),
    enabled: adv !== null,
    placeholderData: keepPreviousData,
  });
  const update = (next: Parameters<typeof writeViewerState>[1]) =>
    navigate(`${pathname}${writeViewerState(search, next)}`, { replace: true });

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap align="center">
        <Typography.Title level={3} style={{ margin: 0, marginRight: 16 }}>
          {t('viewer.title')}
        </Typography.Title>
        {(user?.orgs.length ?? 0) > 1 && (
          <Select
            aria-label={t('viewer.center')}
            value={org ?? undefined}
            style={{ width: 200 }}
            onChange={(id) => navigate(withContext(pathname, { org: id, adv: null }))}
            options={(user?.orgs ?? []).map((o) => ({ value: o.org_id, label: o.org_name }))}
          />
        )}
        <Select
          aria-label={t('viewer.account')}
          value={adv ?? undefined}
          placeholder={t('viewer.account')}
          style={{ width: 220 }}
          onChange={(id) => navigate(withContext(pathname, { org, adv: id }))}
          options={orgAdvs.map((a) => ({ value: a.adv_id, label: `${a.adv_name} (${a.adv_id})` }))}
        />
        <Input.Search
          allowClear
          aria-label={t('viewer.search')}
          placeholder={t('viewer.search')}
          defaultValue={state.q}
          key={state.q}
          onSearch={(q) => update({ q })}
          style={{ width: 240 }}
        />
        <Select
          allowClear
          aria-label={t('viewer.type')}
          placeholder={t('viewer.type')}
          value={state.type ?? undefined}
          onChange={(v) => update({ type: v ?? null })}
          style={{ width: 180 }}
          options={CREATIVE_TYPES.map((v) => ({
            value: v,
            label: t(`creative.types.${v}` as 'creative.types.image'),
          }))}
        />
        <Select
          allowClear
          aria-label={t('viewer.review')}
          placeholder={t('viewer.review')}
          value={state.review ?? undefined}
          onChange={(v) => update({ review: v ?? null })}
          style={{ width: 160 }}
          options={[0, 1, 2, 3].map((v) => ({
            value: v,
            label: t(`creative.review.${v}` as 'creative.review.0'),
          }))}
        />
      </Flex>
      {noAccount ? (
        <Empty description={t('viewer.no_account')} />
      ) : gallery.isError && !gallery.data ? (
        <ErrorState message={t('load_error')} onRetry={() => void gallery.refetch()} />
      ) : (
        <List
          loading={gallery.isFetching}
          grid={{ gutter: 16, xs: 1, sm: 1, md: 2, lg: 3, xl: 3, xxl: 4 }}
          dataSource={gallery.data?.list ?? []}
          locale={{ emptyText: <Empty description={t('viewer.empty')} /> }}
          pagination={{
            current: state.page,
            pageSize: PAGE_SIZE,
            total: gallery.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('viewer.total', { count: total }),
            onChange: (page) => update({ page }),
            hideOnSinglePage: true,
          }}
          renderItem={(c) => (
            <List.Item>
              <Card
                size="small"
                data-testid={`viewer-creative-${c.creative_id}`}
                title={
                  <Typography.Text ellipsis={{ tooltip: c.name }} style={{ maxWidth: 220 }}>
                    {c.name}
                  </Typography.Text>
                }
                extra={
                  <Tag color={REVIEW_COLOR[c.review_status]}>
                    {t(`creative.review.${c.review_status}` as 'creative.review.0')}
                  </Tag>
                }
              >
                <Flex vertical gap={8}>
                  <CreativePreview
                    item={c}
                    width={260}
                    htmlTitle={t('creative.html_preview', { name: c.name })}
                  />
                  <Flex gap={6} wrap align="center">
                    <Tag>{t(`creative.types.${c.creative_type}` as 'creative.types.image')}</Tag>
                    <DeliveryStatus status={c.status} />
                  </Flex>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    ID {c.creative_id} · {c.campaign_name} › {c.adgroup_name}
                  </Typography.Text>
                  {c.review_status === 2 && c.reject_code !== null && (
                    <Typography.Text type="danger" style={{ fontSize: 12 }}>
                      {rejection(c.reject_code, c.reject_reason)}
                    </Typography.Text>
                  )}
                </Flex>
              </Card>
            </List.Item>
          )}
        />
      )}
    </Flex>
  );
}
