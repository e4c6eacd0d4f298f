import { basicPixelSnippet, pixelSnippet, type TPixelDetail } from '@scaler/domain';
import { Card, Empty, Flex, Select, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeBlock } from './CopyText';

/** The two snippet generators of spec 9 for this pixel, for the org the user works in. */
export function PixelSnippetsCard({ pixel, org }: { pixel: TPixelDetail; org: number | null }) {
  const { t } = useTranslation('assets');
  const origin = window.location.origin;
  const { base, triggers } = pixelSnippet({ origin, orgId: org, pixelId: pixel._id, events: pixel.events });
  const [picked, setPicked] = useState<string | undefined>(pixel.events[0]?.event_id);
  const event = pixel.events.find((e) => e.event_id === picked) ?? pixel.events[0];
  const nameOf = (eventId: string) => pixel.events.find((e) => e.event_id === eventId)?.event_name ?? eventId;

  const withTriggers = (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">{t('snippet.base_help')}</Typography.Text>
      <CodeBlock title={t('snippet.base')} label={t('snippet.base')} code={base} />
      {triggers.length > 0 && (
        <Typography.Text type="secondary">{t('snippet.triggers_help')}</Typography.Text>
      )}
      {triggers.map((trigger) => {
        const title = t('snippet.trigger', { event: nameOf(trigger.event_id) });
        return <CodeBlock key={trigger.event_id} title={title} label={title} code={trigger.code} />;
      })}
    </Flex>
  );

  const basic = event ? (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">{t('snippet.basic_help')}</Typography.Text>
      <Select
        value={event.event_id}
        onChange={setPicked}
        aria-label={t('snippet.pick_event')}
        style={{ maxWidth: 360 }}
        options={pixel.events.map((e) => ({
          value: e.event_id,
          label: `${e.event_name} (${t(e.type === 1 ? 'events.kind_standard' : 'events.kind_custom')})`,
        }))}
      />
      <CodeBlock
        title={t('snippet.basic')}
        label={t('snippet.basic')}
        code={basicPixelSnippet({ origin, orgId: org, pixelId: pixel._id, event })}
      />
    </Flex>
  ) : (
    <Empty description={t('events.none')} />
  );

  return (
    <Card title={t('snippet.title')}>
      {pixel.mode === 2 && (
        <Typography.Paragraph type="secondary">{t('snippet.api_mode')}</Typography.Paragraph>
      )}
      <Tabs
        items={[
          { key: 'triggers', label: t('snippet.tab_triggers'), children: withTriggers },
          { key: 'basic', label: t('snippet.tab_basic'), children: basic },
        ]}
      />
    </Card>
  );
}
