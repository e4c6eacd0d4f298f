import { describe, expect, test } from 'vitest';
import { csvDocument, csvField } from './csv';

describe('csvField', () => {
  test('quotes commas, quotes and line breaks', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Spring, "big" sale')).toBe('"Spring, ""big"" sale"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  test('keeps formula-looking text as text, but not a signed number', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField('@sum')).toBe("'@sum");
    expect(csvField('-1+1')).toBe("'-1+1");
    expect(csvField('-100.25')).toBe('-100.25');
    expect(csvField('12')).toBe('12');
  });
});

test('csvDocument starts with a BOM and ends every row with CRLF', () => {
  expect(
    csvDocument([
      ['Time', 'Amount'],
      ['2026-01-01', '-5.00'],
    ]),
  ).toBe('\uFEFFTime,Amount\r\n2026-01-01,-5.00\r\n');
});
