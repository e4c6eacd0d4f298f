/**
 * CSV as spreadsheet programs read it (RFC 4180): comma separated, CRLF line ends, fields quoted when
 * they hold a comma, a quote or a line break, and a byte order mark first so the text reads as UTF-8.
 */

/** A plain decimal number (`-100.25`, `12`): written as it is, a spreadsheet reads it back as a number. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * One field. Text a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return) is kept as text with a `'` first; a plain decimal number, signed or not, is not.
 */
export function csvField(value: string): string {
  const text = !DECIMAL.test(value) && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole document: the rows (the heading row first), each a list of fields. */
export function csvDocument(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** Saves `blob` as a file named `name` through the browser's download. */
export function downloadFile(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
