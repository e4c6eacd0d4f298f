import { csvField } from '../../lib/csv';
import { type MoneyDecimals, moneyDecimals } from './metricFormats';

/**
 * Exports of exactly what a report shows: the visible columns' headings and the rows' values as the
 * table writes them (ratios as percentages with two decimals, money with its column's two to four), then
 * the totals row. CSV (RFC 4180: comma separated, CRLF, quoted when needed, a BOM so spreadsheet programs
 * read UTF-8) holds the numbers as text a spreadsheet reads back as numbers (`12.50`, `3.25%`); an XLSX
 * workbook (`exceljs`, loaded only when a user exports) holds real numbers with number formats.
 */

/** How a column's values are written. */
export type ExportKind = 'text' | 'count' | 'money' | 'percent';

export interface ExportColumn {
  title: string;
  /** `text` unless given. */
  kind?: ExportKind;
  /** Money: the column's decimals (as on screen). */
  decimals?: MoneyDecimals;
  /** The cell's value: text, or the number (a ratio for a percentage). */
  value: (row: Record<string, unknown>) => string | number | null;
  /** The totals row's cell (the first column's is its label). */
  total?: string | number | null;
}

/** A cell as the CSV writes it: numbers without grouping, with the decimals shown on screen. */
export function csvCell(column: ExportColumn, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const kind = column.kind ?? 'text';
  if (typeof value === 'string') return csvField(value);
  if (kind === 'text') return String(value);
  if (!Number.isFinite(value)) return '';
  if (kind === 'money') return value.toFixed(column.decimals ?? 2);
  if (kind === 'percent') return `${(value * 100).toFixed(2)}%`;
  return String(Math.round(value));
}

const hasTotals = (columns: readonly ExportColumn[]) => columns.some((c) => c.total !== undefined);

export function toCsv(columns: readonly ExportColumn[], rows: readonly Record<string, unknown>[]): string {
  const lines = [columns.map((c) => csvField(c.title)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c, c.value(row))).join(','));
  if (hasTotals(columns)) lines.push(columns.map((c) => csvCell(c, c.total)).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The number format of an XLSX cell of a column (money in dollars, with its decimals). */
export function xlsxFormat(column: ExportColumn): string | undefined {
  switch (column.kind) {
    case 'money':
      return `"$"#,##0.${'0'.repeat(column.decimals ?? 2)}`;
    case 'percent':
      return '0.00%';
    case 'count':
      return '#,##0';
    default:
      return undefined;
  }
}

/** An XLSX cell's value: numbers rounded to what is shown (a percentage's ratio to four decimals). */
function xlsxValue(column: ExportColumn, value: string | number | null | undefined): string | number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' || (column.kind ?? 'text') === 'text') return String(value);
  if (!Number.isFinite(value)) return null;
  const decimals = column.kind === 'money' ? (column.decimals ?? 2) : column.kind === 'percent' ? 4 : 0;
  return Number(value.toFixed(decimals));
}

/**
 * The columns of an export of `rows`: each money column with the decimals its values need (the same
 * for the whole column), and the totals row (its label under the first column, the totals under the
 * numbers) when `totals` is given.
 */
export function exportColumnsFor(
  columns: readonly ExportColumn[],
  rows: readonly Record<string, unknown>[],
  totals?: { label: string; values: Record<string, unknown> },
): ExportColumn[] {
  return columns.map((c, i) => {
    const total = !totals
      ? undefined
      : i === 0
        ? totals.label
        : (c.kind ?? 'text') === 'text'
          ? null
          : c.value(totals.values);
    const decimals =
      c.kind === 'money' && c.decimals === undefined
        ? moneyDecimals([...rows.map((r) => c.value(r)), total])
        : c.decimals;
    return { ...c, decimals, total };
  });
}

export async function toXlsx(
  sheetName: string,
  columns: readonly ExportColumn[],
  rows: readonly Record<string, unknown>[],
): Promise<Blob> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((c) => ({
    width: Math.min(40, Math.max(12, c.title.length + 2)),
    style: xlsxFormat(c) ? { numFmt: xlsxFormat(c) } : {},
  }));
  sheet.addRow(columns.map((c) => c.title)).font = { bold: true };
  const add = (values: (string | number | null | undefined)[]) => {
    const added = sheet.addRow(values.map((v, i) => xlsxValue(columns[i], v)));
    columns.forEach((c, i) => {
      const format = xlsxFormat(c);
      if (format) added.getCell(i + 1).numFmt = format;
    });
    return added;
  };
  for (const row of rows) add(columns.map((c) => c.value(row)));
  if (hasTotals(columns)) add(columns.map((c) => c.total)).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const buffer = await book.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
