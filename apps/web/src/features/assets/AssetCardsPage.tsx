import { RECORDING_STATUSES } from '@scaler/domain';
import { Button, Card, Col, Empty, Flex, Input, Pagination, Row, Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { AppCard, PixelCard } from './AssetCard';
import { AssetsNav } from './AssetsNav';
import { useAssetContext } from './access';
import { type AssetListFilters, useApps, usePixels } from './api';
import { CreateAssetButtons, CreateAssetsProvider } from './CreateAssetButtons';
import { CARD_PAGE_SIZES, readAssetFilters, writeAssetFilters } from './listQuery';
import { assetPaths, type CardsKind } from './paths';
import { ReadOnlyNotice } from './ReadOnlyNotice';

/** /assets/events/cards/{app,pixel,api}: one kind as cards, with search and status kept in the URL. */
export function AssetCardsPage({ kind }: { kind: CardsKind }) {
  const { t } = useTranslation(['assets', 'common']);
  const navigate = useNavigate();
  const { org, adv, access, pathname, search } = useAssetContext();
  const filters = readAssetFilters(search);
  const apps = useApps(kind === 'app' ? adv : null, filters);
  const pixels = usePixels(kind === 'app' ? null : adv, kind === 'api' ? 2 : 1, filters);
  const query = kind === 'app' ? apps : pixels;
  const [q, setQ] = useState(filters.q);
  useEffect(() => setQ(filters.q), [filters.q]);

  const go = (patch: Partial<AssetListFilters>) => navigate(`${pathname}${writeAssetFilters(search, patch)}`);
  const filtered = filters.q !== '' || filters.status !== null;
  const total = query.data?.total ?? 0;
  const href = (id: string) => assetPaths.detail(kind, id, org, adv);

  const cards =
    kind === 'app'
      ? (apps.data?.list ?? []).map((app) => ({
          id: app._id,
          node: <AppCard app={app} href={href(app._id)} />,
        }))
      : (pixels.data?.list ?? []).map((p) => ({
          id: p._id,
          node: <PixelCard pixel={p} href={href(p._id)} />,
        }));

  // A page past the end (the last card of a page deleted, an old link): go to the last page there is.
  const pastTheEnd = query.data !== undefined && cards.length === 0 && filters.page > 1;
  const lastPage = Math.max(1, Math.ceil(total / filters.pageSize));
  useEffect(() => {
    if (pastTheEnd)
      navigate(`${pathname}${writeAssetFilters(search, { page: lastPage })}`, { replace: true });
  }, [pastTheEnd, lastPage, navigate, pathname, search]);

  return (
    <CreateAssetsProvider>
      <Flex vertical gap={16}>
        <AssetsNav active={kind} extra={access.canEdit && <CreateAssetButtons kinds={[kind]} />} />
        <ReadOnlyNotice access={access} />
        <Card>
          <Flex gap={12} wrap style={{ marginBottom: 16 }}>
            <Input.Search
              allowClear
              value={q}
              onChange={(e) => setQ(e.target.value)}
              onSearch={(value) => go({ q: value })}
              placeholder={t(`search.${kind}`)}
              aria-label={t(`search.${kind}`)}
              maxLength={64}
              style={{ width: 300 }}
            />
            <Select
              allowClear
              value={filters.status ?? undefined}
              onChange={(value) => go({ status: value ?? null })}
              placeholder={t('status_filter')}
              aria-label={t('status_filter')}
              style={{ width: 200 }}
              options={RECORDING_STATUSES.map((s) => ({ value: s, label: t(`recording.${s}`) }))}
            />
          </Flex>
          {query.isError && !query.data ? (
            <ErrorState onRetry={() => query.refetch()} message={query.error.message} />
          ) : query.isPending ? (
            <Flex justify="center" style={{ padding: 48 }}>
              <Spin description={t('common:loading')} />
            </Flex>
          ) : cards.length === 0 && filters.page === 1 ? (
            <Empty
              description={filtered ? t('empty.filtered') : t(`empty.${kind}`)}
              style={{ padding: '32px 0' }}
            >
              {filtered ? (
                <Button onClick={() => go({ q: '', status: null })}>{t('clear_filters')}</Button>
              ) : (
                access.canEdit && <CreateAssetButtons kinds={[kind]} />
              )}
            </Empty>
          ) : (
            <Flex vertical gap={16}>
              <Row gutter={[16, 16]} role="list" aria-label={t(`tabs.${kind}`)}>
                {cards.map((card) => (
                  <Col key={card.id} xs={24} md={12} xl={8} xxl={6} role="listitem">
                    {card.node}
                  </Col>
                ))}
              </Row>
              <Pagination
                align="end"
                current={filters.page}
                pageSize={filters.pageSize}
                total={total}
                showSizeChanger
                pageSizeOptions={CARD_PAGE_SIZES.map(String)}
                showTotal={(n) => t('total', { count: n })}
                onChange={(page, pageSize) => go(pageSize !== filters.pageSize ? { pageSize } : { page })}
              />
            </Flex>
          )}
        </Card>
      </Flex>
    </CreateAssetsProvider>
  );
}
