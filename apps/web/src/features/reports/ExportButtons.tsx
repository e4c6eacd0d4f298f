import { DownloadOutlined } from '@ant-design/icons';
import type { TReportRequestInput } from '@scaler/domain';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { fetchAllRows } from './api';
import { download, type ExportColumn, toCsv, toXlsx } from './exportRows';

/**
 * "Export CSV" and "Export Excel" of a report: every row of `body` as it is sorted and filtered (not
 * only the page on screen), fetched page by page, in the columns shown.
 */
export function ExportButtons({
  body,
  columns,
  fileName,
  sheetName,
  disabled,
}: {
  body: TReportRequestInput;
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
      const all = await fetchAllRows(body);
      if (kind === 'csv') {
        download(`${fileName}.csv`, new Blob([toCsv(columns, all)], { type: 'text/csv;charset=utf-8' }));
      } else {
        download(`${fileName}.xlsx`, await toXlsx(sheetName, columns, all));
      }
      message.success(t('exported', { count: all.length }));
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
