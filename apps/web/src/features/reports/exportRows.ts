/**
 * Exports of exactly what a report shows: the visible columns' headings and the rows' displayed
 * values, as CSV (RFC 4180: comma separated, CRLF, quoted when needed, a BOM so spreadsheet programs
 * read UTF-8) or as an XLSX workbook (`exceljs`, loaded only when a user exports).
 */

export interface ExportColumn {
  title: string;
  /** The cell's value as the table shows it. */
  value: (row: Record<string, unknown>) => string | number;
}

/** A text cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`) is kept as text: `'` first. */
const quote = (v: string | number) => {
  const s = typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export function toCsv(columns: readonly ExportColumn[], rows: readonly Record<string, unknown>[]): string {
  const lines = [columns.map((c) => quote(c.title)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => quote(c.value(row))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export async function toXlsx(
  sheetName: string,
  columns: readonly ExportColumn[],
  rows: readonly Record<string, unknown>[],
): Promise<Blob> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName.slice(0, 31));
  sheet.addRow(columns.map((c) => c.title)).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => c.value(row)));
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const buffer = await book.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

export function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
