import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useFeedback } from '../../components/feedback';
import { downloadFile } from '../../lib/csv';
import { fetchTransactions, type LedgerQuery } from './api';
import { collectTransactions, EXPORT_MAX_ROWS, transactionsCsv } from './transactionsExport';

/**
 * "Export CSV": every row the filters give (not only the page on screen), newest first, paged through
 * the API, at most `EXPORT_MAX_ROWS`; the toast says when there were more.
 */
export function ExportTransactionsButton({
  filters,
  disabled,
}: {
  filters: Omit<LedgerQuery, 'page' | 'page_size'>;
  disabled: boolean;
}) {
  const { t } = useTranslation('finance');
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);
  const max = EXPORT_MAX_ROWS.toLocaleString('en-US');

  const run = async () => {
    setBusy(true);
    try {
      const { rows, truncated } = await collectTransactions((page, pageSize) =>
        fetchTransactions({ ...filters, page, page_size: pageSize }),
      );
      const csv = transactionsCsv(rows, {
        headings: {
          time: t('tx.time'),
          wallet: t('tx.wallet'),
          account_id: t('tx.account_id'),
          kind: t('tx.kind'),
          currency: t('tx.currency'),
          amount: t('tx.amount'),
          balance_after: t('tx.balance_after'),
          reference: t('tx.reference'),
          memo: t('tx.memo'),
          by: t('tx.by'),
        },
        center: t('tx.center_wallet'),
        kind: (kind) => t(`kinds.${kind}`, { defaultValue: kind }),
        time: (iso) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss'),
      });
      downloadFile(
        `transactions-${dayjs().format('YYYYMMDD-HHmmss')}.csv`,
        new Blob([csv], { type: 'text/csv;charset=utf-8' }),
      );
      if (truncated) message.warning(t('export.truncated', { count: rows.length, max }), 8);
      else message.success(t('export.done', { count: rows.length }));
    } catch (error) {
      // The API client has shown its own message for a refused or failed call.
      if (!(error instanceof ApiError)) message.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex gap={8} align="center" wrap>
      <Button icon={<DownloadOutlined />} loading={busy} disabled={disabled} onClick={() => void run()}>
        {t('export.csv')}
      </Button>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('export.hint', { max })}
      </Typography.Text>
    </Flex>
  );
}
