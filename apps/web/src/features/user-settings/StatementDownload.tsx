import { DownloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFrom } from '../../api/download';
import { useFeedback } from '../../components/feedback';

/**
 * A month's statement as PDF or CSV (`path`: the center's or the `adv-id` account's statement call).
 * Months up to the current one; the days are those of the report time zone.
 */
export function StatementDownload({ path }: { path: string }) {
  const { t } = useTranslation('userSettings');
  const { message } = useFeedback();
  const [month, setMonth] = useState<Dayjs>(dayjs());
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);
  const download = async (format: 'pdf' | 'csv') => {
    setBusy(format);
    try {
      await downloadFrom(path, { month: month.format('YYYY-MM'), format });
    } catch (error) {
      message.error((error as Error).message || t('payment.statement_failed'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Flex gap={8} align="center" wrap data-testid="statement-download">
      <Typography.Text>{t('payment.statement_month')}</Typography.Text>
      <DatePicker
        picker="month"
        allowClear={false}
        value={month}
        onChange={(v) => v && setMonth(v)}
        disabledDate={(d) => d.isAfter(dayjs(), 'month')}
        aria-label={t('payment.statement_month')}
      />
      <Button icon={<DownloadOutlined />} loading={busy === 'pdf'} onClick={() => void download('pdf')}>
        {t('payment.statement_pdf')}
      </Button>
      <Button icon={<DownloadOutlined />} loading={busy === 'csv'} onClick={() => void download('csv')}>
        {t('payment.statement_csv')}
      </Button>
    </Flex>
  );
}
