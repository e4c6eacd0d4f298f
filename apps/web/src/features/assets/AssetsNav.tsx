import { Flex, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { assetPaths, type CardsKind } from './paths';

export type AssetsTab = 'index' | CardsKind;

/** The title of the assets area and its tabs: events home, apps, web pixels, API events. */
export function AssetsNav({ active, extra }: { active: AssetsTab; extra?: ReactNode }) {
  const { t } = useTranslation('assets');
  const navigate = useNavigate();
  const { org, adv } = useConsoleContext();
  const go = (key: string) =>
    navigate(key === 'index' ? assetPaths.home(org, adv) : assetPaths.cards(key as CardsKind, org, adv));
  return (
    <div>
      <Flex justify="space-between" align="flex-start" gap={16} wrap>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('subtitle')}</Typography.Text>
        </div>
        {extra && (
          <Flex gap={8} wrap>
            {extra}
          </Flex>
        )}
      </Flex>
      <Tabs
        activeKey={active}
        onChange={go}
        style={{ marginTop: 8, marginBottom: -8 }}
        items={[
          { key: 'index', label: t('tabs.index') },
          { key: 'app', label: t('tabs.app') },
          { key: 'pixel', label: t('tabs.pixel') },
          { key: 'api', label: t('tabs.api') },
        ]}
      />
    </div>
  );
}
