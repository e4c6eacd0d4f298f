import { Table } from 'antd';
import type { ReactNode } from 'react';

/**
 * A table's totals row pinned under its headings, one cell per column in the columns' order: the
 * selection column's cell when the table has one (a read-only reader's table has none), the label over
 * the leading columns, the totals, then empty cells for the trailing columns (actions, details). Every
 * cell's `index` is its column's, so the pinned cells sit over their own columns.
 *
 * A function, not a component: the table reads `fixed` from the element `summary` returns, so the
 * element must be the `Table.Summary` itself (wrapped in a component it would be drawn at the bottom,
 * and not at all in a virtual table).
 */
export function totalsRow({
  selection,
  label,
  labelSpan = 1,
  values,
  trailing = 0,
}: {
  /** Whether the table has a selection column (`rowSelection`). */
  selection: boolean;
  label: ReactNode;
  /** How many columns the label covers. */
  labelSpan?: number;
  values: readonly { key: string; content: ReactNode }[];
  trailing?: number;
}) {
  const first = selection ? 1 : 0;
  return (
    <Table.Summary fixed="top">
      <Table.Summary.Row>
        {selection && <Table.Summary.Cell index={0} />}
        <Table.Summary.Cell index={first} colSpan={labelSpan}>
          {label}
        </Table.Summary.Cell>
        {values.map((v, i) => (
          <Table.Summary.Cell key={v.key} index={first + labelSpan + i} align="right">
            {v.content}
          </Table.Summary.Cell>
        ))}
        {Array.from({ length: trailing }, (_, i) => first + labelSpan + values.length + i).map((index) => (
          <Table.Summary.Cell key={index} index={index} />
        ))}
      </Table.Summary.Row>
    </Table.Summary>
  );
}
