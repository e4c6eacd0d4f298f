import { describe, expect, test } from 'vitest';
import type { Statement } from './statement';
import { statementCsv } from './statement-file';

const statement: Statement = {
  owner: { kind: 'account', id: 1000001, name: 'Shoes', center: 'Northwind' },
  month: '2026-11',
  zone: '+00:00',
  generatedAt: '2026-11-28T10:00:00.000Z',
  sections: [
    {
      currency: 'USD',
      opening: '10.00',
      closing: '7.50',
      totals: { spend: '-2.50' },
      lines: [
        {
          date: '2026-11-02',
          time: '10:00',
          kind: 'transfer',
          reference: '=HYPERLINK("x")',
          memo: 'a, "b"',
          amount: '1.00',
          balance: '11.00',
        },
        {
          date: '2026-11-03',
          time: null,
          kind: 'spend',
          reference: '',
          memo: '',
          amount: '-3.50',
          balance: '7.50',
        },
      ],
    },
  ],
};

describe('statementCsv', () => {
  test('a BOM, CRLF rows, numbers as numbers, formulas kept as text, quotes doubled', () => {
    const csv = statementCsv(statement, 'en-US');
    expect(csv.startsWith('\uFEFFCurrency,Date,Time,Type,Reference,Memo,Amount,Balance after\r\n')).toBe(
      true,
    );
    const rows = csv.slice(1).trim().split('\r\n');
    expect(rows[1]).toBe('USD,,,Opening balance,,,,10.00');
    expect(rows[2]).toBe(`USD,2026-11-02,10:00,Transfer,"'=HYPERLINK(""x"")","a, ""b""",1.00,11.00`);
    expect(rows[3]).toBe('USD,2026-11-03,,Spend,,,-3.50,7.50');
    expect(rows[4]).toBe('USD,,,Closing balance,,,,7.50');
  });

  test('in Chinese', () => {
    expect(statementCsv(statement, 'zh-CN')).toContain('期末余额');
  });
});
