import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { downloadFile } from '../../lib/csv';
import { type ExportColumn, exportColumnsFor, toCsv, toXlsx } from './exportRows';

/** What an export holds: every row of the report (not only the page on screen) and its totals. */
export interface ExportData {
  rows: readonly Record<string, unknown>[];
  totals?: Record<string, unknown>;
}

/**
 * "Export CSV" and "Export Excel" of a report: every row `load` gives, as it is sorted and filtered, in
 * the columns shown, with the totals row.
 */
export function ExportButtons({
  load,
  columns,
  fileName,
  sheetName,
  disabled,
}: {
  load: () => Promise<ExportData>;
  columns: readonly ExportColumn[];
  /** Without the extension. */
  fileName: string;
  sheetName: string;
  disabled: boolean;
}) {
  const { t } = useTranslation('reports');
  const { message } = useFeedback();
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const exportAs = async (kind: 'csv' | 'xlsx') => {
    setExporting(kind);
    try {
      const { rows, totals } = await load();
      const shown = exportColumnsFor(
        columns,
        rows,
        totals ? { label: t('export_totals'), values: totals } : undefined,
      );
      if (kind === 'csv') {
        downloadFile(`${fileName}.csv`, new Blob([toCsv(shown, rows)], { type: 'text/csv;charset=utf-8' }));
      } else {
        downloadFile(`${fileName}.xlsx`, await toXlsx(sheetName, shown, rows));
      }
      message.success(t('exported', { count: rows.length }));
    } finally {
      setExporting(null);
    }
  };
  return (
    <>
      <Button
        icon={<DownloadOutlined />}
        loading={exporting === 'csv'}
        disabled={disabled}
        onClick={() => void exportAs('csv')}
      >
        {t('export_csv')}
      </Button>
      <Button
        icon={<DownloadOutlined />}
        loading={exporting === 'xlsx'}
        disabled={disabled}
        onClick={() => void exportAs('xlsx')}
      >
        {t('export_xlsx')}
      </Button>
    </>
  );
}
