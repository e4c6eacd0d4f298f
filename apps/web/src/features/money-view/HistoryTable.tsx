import type { UseQueryResult } from '@tanstack/react-query';
import { Table, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { ErrorState } from '../../components/ErrorState';
import { HISTORY_PAGE_SIZE } from './api';

/** What a row of either history (markup, commission) has in common. */
interface HistoryRow<V> {
  changed_at: string;
  effective_at: string;
  changed_by: { name: string; email: string } | null;
  before: V;
  after: V;
}

/** The words of one history: `labels(key)` for `intro`, `empty`, `changed_at`, `changed_by`, `change`, `effective`. */
export interface HistoryWords<V, R extends HistoryRow<V>> {
  label: (key: 'intro' | 'empty' | 'changed_at' | 'changed_by' | 'change' | 'effective') => string;
  /** The value of a version in words. */
  text: (value: V) => string;
  /** What the "changed at" cell shows for the first version (which no one made), else null. */
  initial: (row: R) => string | null;
  /** From when the version applies. */
  effective: (row: R) => ReactNode;
  effectiveWidth: number;
}

/**
 * A money setting's changes (decisions 7): who, when, before → after, and from when each applies,
 * a page at a time from the server.
 */
export function HistoryTable<V, R extends HistoryRow<V>>({
  history,
  page,
  onPage,
  words,
}: {
  history: UseQueryResult<{ list: R[]; total: number }, Error>;
  page: number;
  onPage: (page: number) => void;
  words: HistoryWords<V, R>;
}) {
  if (history.isError && !history.data) {
    return <ErrorState onRetry={() => history.refetch()} message={history.error.message} />;
  }
  return (
    <>
      <Typography.Paragraph type="secondary">{words.label('intro')}</Typography.Paragraph>
      <Table<R>
        size="small"
        rowKey={(r) => `${r.changed_at}-${r.effective_at}`}
        loading={history.isFetching}
        dataSource={history.data?.list ?? []}
        pagination={{
          current: page,
          pageSize: HISTORY_PAGE_SIZE,
          total: history.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: onPage,
        }}
        locale={{ emptyText: words.label('empty') }}
        columns={[
          {
            title: words.label('changed_at'),
            key: 'changed_at',
            width: 150,
            render: (_, r) => words.initial(r) ?? dayjs(r.changed_at).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: words.label('changed_by'),
            key: 'changed_by',
            width: 160,
            render: (_, r) => (r.changed_by ? r.changed_by.name || r.changed_by.email : '—'),
          },
          {
            title: words.label('change'),
            key: 'change',
            render: (_, r) => (
              <span>
                <Typography.Text type="secondary">{words.text(r.before)}</Typography.Text>
                {' → '}
                <Typography.Text strong>{words.text(r.after)}</Typography.Text>
              </span>
            ),
          },
          {
            title: words.label('effective'),
            key: 'effective',
            width: words.effectiveWidth,
            render: (_, r) => words.effective(r),
          },
        ]}
      />
    </>
  );
}
