import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Locale, translate } from '@scaler/domain';
import PDFDocument from 'pdfkit';
import type { Statement } from './statement';

/**
 * A statement as a file: PDF (pdfkit, a maintained PDF library; text in Noto Sans SC from the
 * `@expo-google-fonts/noto-sans-sc` package, embedded as the subset of glyphs used, so Chinese and Latin
 * alike open in any reader) or CSV (UTF-8 with a byte-order mark, which spreadsheet programs need to
 * read Chinese). Labels in the caller's language.
 */

const require = createRequire(import.meta.url);
let font: Buffer | null = null;
/** The font file (10 MB), read once. */
const fontBytes = () => {
  font ??= readFileSync(
    require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  );
  return font;
};

const t = (locale: Locale, key: string, params: Record<string, string | number> = {}) =>
  translate(locale, `statement.${key}`, params);

const title = (s: Statement, locale: Locale) =>
  s.owner.kind === 'center'
    ? t(locale, 'title_center', { name: s.owner.name })
    : t(locale, 'title_account', { name: s.owner.name, id: s.owner.id });

/** The statement as a PDF document. */
export function statementPdf(s: Statement, locale: Locale): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: title(s, locale), Producer: 'Scaler Console' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('text', fontBytes());
  doc.font('text');
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const columns = [
    { x: 0, w: 92 },
    { x: 92, w: 78 },
    { x: 170, w: 145 },
    { x: 315, w: 92, right: true },
    { x: 407, w: width - 407, right: true },
  ];
  const row = (cells: string[], size = 8.5) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 24) doc.addPage();
    const y = doc.y;
    doc.fontSize(size);
    cells.forEach((text, i) => {
      const c = columns[i];
      doc.text(text, left + c.x, y, {
        width: c.w - 6,
        // One line per cell: a long reference ends in an ellipsis rather than running into the next row.
        height: size * 1.3,
        align: c.right ? 'right' : 'left',
        ellipsis: true,
      });
    });
    doc.x = left;
    doc.y = y + size + 6;
  };

  doc.fontSize(16).text(title(s, locale));
  doc.moveDown(0.4).fontSize(9);
  doc.text(t(locale, 'center', { name: s.owner.center }));
  doc.text(t(locale, 'period', { month: s.month, zone: s.zone }));
  doc.text(t(locale, 'generated', { time: s.generatedAt.slice(0, 16).replace('T', ' ') }));
  for (const section of s.sections) {
    doc
      .moveDown(1)
      .fontSize(12)
      .text(t(locale, 'currency', { currency: section.currency }));
    doc.moveDown(0.3);
    row([t(locale, 'opening'), '', '', '', `${section.opening} ${section.currency}`], 9);
    row(
      ['date', 'type', 'reference', 'amount', 'balance'].map((k) => t(locale, `col_${k}`)),
      9,
    );
    if (section.lines.length === 0) row([t(locale, 'none')]);
    for (const l of section.lines) {
      row([
        l.time ? `${l.date} ${l.time}` : l.date,
        t(locale, `kind_${l.kind}`),
        l.time ? [l.reference, l.memo].filter(Boolean).join(' · ') : t(locale, 'daily'),
        l.amount,
        l.balance,
      ]);
    }
    row([t(locale, 'closing'), '', '', '', `${section.closing} ${section.currency}`], 9);
    doc.moveDown(0.5).fontSize(10).text(t(locale, 'totals'), left);
    for (const [kind, total] of Object.entries(section.totals)) {
      row(['', t(locale, `kind_${kind}`), '', `${total} ${section.currency}`, '']);
    }
  }
  doc.end();
  return done;
}

/** A plain decimal (`-100.25`): written as it is, so a spreadsheet reads it back as a number. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * One CSV field, as the console's exports write them (RFC 4180): text a spreadsheet would run as a
 * formula (`=`, `+`, `-`, `@`, a tab or a carriage return first) is kept as text with a `'` first, a plain
 * decimal is not; a field with a comma, a quote or a line break is quoted.
 */
const csvCell = (value: string) => {
  const text = !DECIMAL.test(value) && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * The statement as CSV: one row per line with its currency, between the opening and closing rows.
 */
export function statementCsv(s: Statement, locale: Locale): string {
  const head = ['currency', 'date', 'time', 'type', 'reference', 'memo', 'amount', 'balance'].map((k) =>
    t(locale, `csv_${k}`),
  );
  const out = [head];
  for (const section of s.sections) {
    out.push([section.currency, '', '', t(locale, 'opening'), '', '', '', section.opening]);
    for (const l of section.lines) {
      out.push([
        section.currency,
        l.date,
        l.time ?? '',
        t(locale, `kind_${l.kind}`),
        l.reference,
        l.memo,
        l.amount,
        l.balance,
      ]);
    }
    out.push([section.currency, '', '', t(locale, 'closing'), '', '', '', section.closing]);
  }
  return `\uFEFF${out.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** A file name for the statement, e.g. `statement-center-100001-2026-11.pdf`. */
export const statementFileName = (s: Statement, format: 'pdf' | 'csv') =>
  `statement-${s.owner.kind}-${s.owner.id}-${s.month}.${format}`;
