import type { TAdvertiserMarkupRow, TMarkupHistoryRow } from '@scaler/domain';
import { Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarkupHistory } from '../money-view/api';
import { isFromTheStart, markupText } from '../money-view/format';
import { HistoryTable } from '../money-view/HistoryTable';

/**
 * The changes of an account's markup (decisions 7): who, when, before → after, and the account's first
 * day each applies to (a change never alters a day that has begun).
 */
export function MarkupHistoryDrawer({
  org,
  row,
  onClose,
}: {
  org: number | null;
  row: TAdvertiserMarkupRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('userSettings');
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      size="large"
      title={row ? t('markup.history.title', { name: row.adv_name }) : ''}
      destroyOnHidden
    >
      {row && <MarkupHistory org={org} advId={row.adv_id} />}
    </Drawer>
  );
}

function MarkupHistory({ org, advId }: { org: number | null; advId: number }) {
  const { t } = useTranslation(['userSettings', 'common']);
  const tr = (key: string, options?: Record<string, unknown>) =>
    t(key as never, options as never) as unknown as string;
  const [page, setPage] = useState(1);
  return (
    <HistoryTable<TMarkupHistoryRow['before'], TMarkupHistoryRow>
      history={useMarkupHistory(org, advId, page)}
      page={page}
      onPage={setPage}
      words={{
        label: (key) => t(`markup.history.${key}`),
        text: (value) => markupText(value, tr),
        initial: (r) => (isFromTheStart(r.effective_at) ? t('markup.history.initial') : null),
        effective: (r) =>
          isFromTheStart(r.effective_at) ? t('markup.history.from_start') : r.effective_date,
        effectiveWidth: 130,
      }}
    />
  );
}
