import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';

const CHUNK = 500;

/** Rows in parts small enough for one statement each. */
export const chunks = <T>(rows: T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
};

/** A comparator by a string key: multi-row writes go in one fixed order, so writers never deadlock. */
export const byString =
  <T>(key: (row: T) => string) =>
  (a: T, b: T) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;

/**
 * A multi-row insert as one statement with one array parameter per column (`insert ... select * from
 * unnest($1::text[], ...)`): the cost of building it does not grow with the number of parameters, which
 * matters at thousands of rows a second. Columns a row leaves out take the column's default value.
 */
export async function insertMany(
  tx: Tx,
  table: PgTable,
  rows: Record<string, unknown>[],
  tail: SQL,
): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return [];
  const columns = Object.entries(getTableColumns(table)).filter(([key]) =>
    rows.some((r) => r[key] !== undefined),
  );
  const names = sql.raw(columns.map(([, c]) => `"${c.name}"`).join(', '));
  const arrays = columns.map(([key, column]) => {
    const type = column.getSQLType();
    const json = type === 'jsonb';
    const values = rows.map((r) => {
      const v = r[key] === undefined ? (column.default ?? null) : r[key];
      if (v === null) return null;
      if (v instanceof Date) return v.toISOString();
      return json ? JSON.stringify(v) : v;
    });
    return json
      ? sql`${sql.param(values)}::text[]::jsonb[]`
      : sql`${sql.param(values)}::${sql.raw(type.replace('bigserial', 'bigint'))}[]`;
  });
  const result = await tx.execute(
    sql`insert into ${table} (${names}) select * from unnest(${sql.join(arrays, sql`, `)}) ${tail}`,
  );
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}
