// One table of a machine's named parts (guards, delays or actions) beside its diagram. The first
// cell is the name as the chart spells it; a machine without any says so instead of hiding the table,
// so a reviewer sees that there is nothing to sign rather than wondering whether it was left out.
import { Trans } from '@lingui/react/macro';
import { Code, Table } from '@mantine/core';
import '@mantine/core/styles/Table.css';

export function NamedPartsTable({
  label,
  header,
  rows,
}: {
  label: string;
  header: string[];
  rows: string[][];
}) {
  return (
    <Table aria-label={label} striped>
      <Table.Thead>
        <Table.Tr>
          {header.map((title) => (
            <Table.Th key={title}>{title}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={header.length}>
              <Trans>None</Trans>
            </Table.Td>
          </Table.Tr>
        ) : (
          rows.map(([name, ...cells]) => (
            <Table.Tr key={name}>
              <Table.Td>
                <Code>{name}</Code>
              </Table.Td>
              {cells.map((text, index) => (
                <Table.Td key={index}>{text}</Table.Td>
              ))}
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </Table>
  );
}
