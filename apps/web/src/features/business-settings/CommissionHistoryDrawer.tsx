import type { TCommissionHistoryRow } from '@scaler/domain';
import { Drawer } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommissionHistory } from '../money-view/api';
import { commissionText, isFromTheStart } from '../money-view/format';
import { HistoryTable } from '../money-view/HistoryTable';

/**
 * The changes of the center's commission (decisions 7): who, when, before → after, and from when it
 * applies (each account from its first local day that starts at or after that time).
 */
export function CommissionHistoryDrawer({
  org,
  open,
  onClose,
}: {
  org: number | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('businessSettings');
  return (
    <Drawer open={open} onClose={onClose} size="large" title={t('commission.history.title')} destroyOnHidden>
      {open && <CommissionHistory org={org} />}
    </Drawer>
  );
}

function CommissionHistory({ org }: { org: number | null }) {
  const { t } = useTranslation('businessSettings');
  const tr = (key: string, options?: Record<string, unknown>) =>
    t(key as never, options as never) as unknown as string;
  const [page, setPage] = useState(1);
  return (
    <HistoryTable<TCommissionHistoryRow['before'], TCommissionHistoryRow>
      history={useCommissionHistory(org, page, true)}
      page={page}
      onPage={setPage}
      words={{
        label: (key) => t(`commission.history.${key}`),
        text: (value) => commissionText(value, tr),
        initial: (r) =>
          r.changed_by === null && isFromTheStart(r.effective_at) ? t('commission.history.initial') : null,
        effective: (r) =>
          isFromTheStart(r.effective_at)
            ? t('commission.history.from_start')
            : dayjs(r.effective_at).format('YYYY-MM-DD HH:mm'),
        effectiveWidth: 170,
      }}
    />
  );
}
