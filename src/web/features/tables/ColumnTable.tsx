// A striped table of the columns the user chose to show, one row per item. On a narrow screen it
// scrolls sideways inside its own container, never the page (issue 17 §3, a 375-px window).
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Table } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import type { ReactNode } from 'react';

export function ColumnTable<C extends string, R extends { id: string }>({
  label,
  columns,
  columnLabels,
  rows,
  cell,
}: {
  /** The table's accessible name. */
  label: string;
  columns: readonly C[];
  columnLabels: Record<C, MessageDescriptor>;
  rows: readonly R[];
  cell: (row: R, column: C) => ReactNode;
}) {
  const { i18n } = useLingui();
  return (
    <Table.ScrollContainer minWidth={columns.length * 110} type="native">
      <Table aria-label={label} striped>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{i18n._(columnLabels[column])}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              {columns.map((column) => (
                <Table.Td key={column}>{cell(row, column)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
