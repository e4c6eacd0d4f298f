import { Card, Empty, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { LinkButton } from '../../components/LinkButton';
import { AssetsNav } from './AssetsNav';
import { AppTable, PixelTable } from './AssetTables';
import { useAssetContext } from './access';
import { type AssetListFilters, useApps, usePixels } from './api';
import { CreateAssetButtons, CreateAssetsProvider } from './CreateAssetButtons';
import { assetPaths, type CardsKind } from './paths';
import { ReadOnlyNotice } from './ReadOnlyNotice';

/** The home shows the newest of each kind; the cards pages page through all of them. */
const ALL: AssetListFilters = { q: '', status: null, page: 1, pageSize: 100 };

/** /assets/events: every app, web pixel and API event source of the account with its recording status. */
export function EventsHomePage() {
  const { t } = useTranslation('assets');
  const { org, adv, access } = useAssetContext();
  const apps = useApps(adv, ALL);
  const pixels = usePixels(adv, 1, ALL);
  const sources = usePixels(adv, 2, ALL);

  const section = (
    kind: CardsKind,
    query: { data?: { total: number }; isError: boolean; error: Error | null; refetch: () => unknown },
    table: ReactNode,
  ) => (
    <Card
      title={t(`home.${kind}`, { count: query.data?.total ?? 0 })}
      extra={
        <LinkButton type="link" to={assetPaths.cards(kind, org, adv)}>
          {t('home.view_cards')}
        </LinkButton>
      }
    >
      {query.isError && !query.data ? (
        <ErrorState onRetry={() => query.refetch()} message={query.error?.message} />
      ) : (
        table
      )}
    </Card>
  );
  const empty = (kind: CardsKind) => (
    <Empty description={t(`empty.${kind}`)}>{access.canEdit && <CreateAssetButtons kinds={[kind]} />}</Empty>
  );

  return (
    <CreateAssetsProvider>
      <Flex vertical gap={16}>
        <AssetsNav
          active="index"
          extra={access.canEdit && <CreateAssetButtons kinds={['app', 'pixel', 'api']} />}
        />
        <ReadOnlyNotice access={access} />
        {section(
          'app',
          apps,
          <AppTable
            rows={apps.data?.list ?? []}
            loading={apps.isPending}
            href={(row) => assetPaths.detail('app', row._id, org, adv)}
            empty={empty('app')}
          />,
        )}
        {section(
          'pixel',
          pixels,
          <PixelTable
            rows={pixels.data?.list ?? []}
            loading={pixels.isPending}
            href={(row) => assetPaths.detail('pixel', row._id, org, adv)}
            empty={empty('pixel')}
          />,
        )}
        {section(
          'api',
          sources,
          <PixelTable
            api
            rows={sources.data?.list ?? []}
            loading={sources.isPending}
            href={(row) => assetPaths.detail('api', row._id, org, adv)}
            empty={empty('api')}
          />,
        )}
      </Flex>
    </CreateAssetsProvider>
  );
}
