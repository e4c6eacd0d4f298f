import type { TPixelStatis } from '@scaler/domain';
import { Card, Col, Progress, Row, Statistic, Table, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { type DateRange, usePixelStatis } from './api';
import { UvTitle } from './UvTitle';

type Day = TPixelStatis['days'][number];
type EventTotal = TPixelStatis['events'][number];

/** GET /scaler/v3/pixel/event/statis: totals of the range, per day (with a bar) and per event. */
export function PixelStatisCard({
  adv,
  pixelId,
  range,
  picker,
}: {
  adv: number | null;
  pixelId: string;
  range: DateRange;
  picker: ReactNode;
}) {
  const { t } = useTranslation('assets');
  const statis = usePixelStatis(adv, pixelId, range);
  const data = statis.data;
  const max = Math.max(1, ...(data?.days ?? []).map((d) => d.pv));

  return (
    <Card title={t('statis.title')} extra={picker}>
      {statis.isError && !data ? (
        <ErrorState onRetry={() => statis.refetch()} message={statis.error.message} />
      ) : (
        <>
          <Row gutter={16} style={{ marginBottom: 16 }}>
            <Col xs={8}>
              <Statistic title={t('report.pv')} value={data?.total.pv ?? 0} loading={statis.isPending} />
            </Col>
            <Col xs={8}>
              <Statistic title={<UvTitle range />} value={data?.total.uv ?? 0} loading={statis.isPending} />
            </Col>
            <Col xs={8}>
              <Statistic
                title={t('report.value')}
                value={data?.total.value ?? '0'}
                loading={statis.isPending}
              />
            </Col>
          </Row>
          <Tabs
            items={[
              {
                key: 'days',
                label: t('statis.by_day'),
                children: (
                  <Table<Day>
                    rowKey="date"
                    size="small"
                    loading={statis.isPending || (statis.isFetching && statis.isPlaceholderData)}
                    dataSource={data?.days ?? []}
                    pagination={{ pageSize: 15, hideOnSinglePage: true, showSizeChanger: false }}
                    locale={{ emptyText: t('report.empty') }}
                    columns={[
                      { title: t('report.date'), dataIndex: 'date', width: 120 },
                      {
                        title: t('report.pv'),
                        key: 'pv',
                        render: (_, d) => (
                          <Progress
                            percent={(d.pv / max) * 100}
                            format={() => d.pv}
                            size="small"
                            status="normal"
                            aria-label={t('statis.bar', { date: d.date, count: d.pv })}
                          />
                        ),
                      },
                      { title: <UvTitle range={false} />, dataIndex: 'uv', align: 'right', width: 100 },
                      { title: t('report.value'), dataIndex: 'value', align: 'right', width: 120 },
                    ]}
                  />
                ),
              },
              {
                key: 'events',
                label: t('statis.by_event'),
                children: (
                  <Table<EventTotal>
                    rowKey="event_id"
                    size="small"
                    loading={statis.isPending || (statis.isFetching && statis.isPlaceholderData)}
                    dataSource={data?.events ?? []}
                    pagination={false}
                    locale={{ emptyText: t('report.empty') }}
                    columns={[
                      { title: t('report.event'), dataIndex: 'event_name' },
                      { title: t('events.id'), dataIndex: 'event_id' },
                      { title: t('report.pv'), dataIndex: 'pv', align: 'right' },
                      { title: <UvTitle range />, dataIndex: 'uv', align: 'right' },
                      { title: t('report.value'), dataIndex: 'value', align: 'right' },
                    ]}
                  />
                ),
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
