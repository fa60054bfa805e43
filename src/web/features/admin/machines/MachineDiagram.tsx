// One machine as reviewers read it: its diagram (Mermaid, drawn as SVG once the library has loaded,
// the text otherwise; a copy button hands the text to any Mermaid viewer), the states with their
// spec sections, the events, and the named guards, delays (value and contract limit) and actions a
// reviewer signs (the same rows as docs/machines/*.md). A replayed snapshot's current state is
// highlighted in the states table.
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Code, CopyButton, Group, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { useMemo } from 'react';
import { machineVersion } from '../../../../../machines/machineVersion';
import type { MachineRegistryEntry } from '../../../../../machines/registry';
import { mermaidStateDiagram } from '../../../../tools/machineGraph/diagramMarkdown';
import { actionRows, delayRows, guardRows } from '../../../../tools/machineGraph/implementations';
import { eventRows, stateRows } from './machineTables';
import { MermaidDiagram } from './MermaidDiagram';
import { NamedPartsTable } from './NamedPartsTable';

export function MachineDiagram({
  entry,
  activePaths,
}: {
  entry: MachineRegistryEntry;
  activePaths?: ReadonlySet<string>;
}) {
  const { t } = useLingui();
  const mermaid = useMemo(() => mermaidStateDiagram(entry.machine), [entry]);
  const states = useMemo(() => stateRows(entry.machine, activePaths), [entry, activePaths]);
  const events = useMemo(() => eventRows(entry.machine), [entry]);
  const guards = useMemo(() => guardRows(entry.machine), [entry]);
  const delays = useMemo(() => delayRows(entry), [entry]);
  const actions = useMemo(() => actionRows(entry.machine), [entry]);
  return (
    <Stack gap="sm" data-machine={entry.id}>
      <Group justify="space-between">
        <Title order={2} id={`machine-${entry.id}`}>
          {entry.title}
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>
            Machine {entry.id} · version {machineVersion(entry.machine)} · {entry.kind}
          </Trans>
        </Text>
      </Group>
      <Group justify="space-between">
        <Text fw={600}>
          <Trans>Diagram (Mermaid)</Trans>
        </Text>
        <CopyButton value={mermaid}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy}>
              {copied ? <Trans>Copied</Trans> : <Trans>Copy diagram</Trans>}
            </Button>
          )}
        </CopyButton>
      </Group>
      <MermaidDiagram name={entry.id} source={mermaid} />
      <Table aria-label={t`States of ${entry.id}`} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>State</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Type</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Spec</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Tags</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {states.map((row) => (
            <Table.Tr
              key={row.path}
              aria-current={row.active ? 'step' : undefined}
              bg={row.active ? 'yellow.1' : undefined}
              data-active={row.active ? 'true' : undefined}
            >
              <Table.Td>
                <Code>{row.path}</Code>{' '}
                {row.active ? (
                  <Badge size="xs" color="yellow">
                    <Trans>current</Trans>
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td>{row.type}</Table.Td>
              <Table.Td>{row.spec ?? '—'}</Table.Td>
              <Table.Td>{row.tags.join(', ') || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Table aria-label={t`Events of ${entry.id}`} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Event</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>From</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>To</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Guard</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((row, index) => (
            <Table.Tr key={`${row.from}-${row.event}-${index}`}>
              <Table.Td>
                <Code>{row.event}</Code>
              </Table.Td>
              <Table.Td>{row.from}</Table.Td>
              <Table.Td>{row.to.length ? row.to.join(', ') : t`(stays)`}</Table.Td>
              <Table.Td>{row.guard ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <NamedPartsTable
        label={t`Guards of ${entry.id}`}
        header={[t`Guard`, t`Checks`]}
        rows={guards.map((row) => [row.name, row.checks])}
      />
      <NamedPartsTable
        label={t`Delays of ${entry.id}`}
        header={[t`Delay`, t`Milliseconds`, t`Contract limit`, t`At run time`]}
        rows={delays.map((row) => [
          row.name,
          row.ms === null ? '—' : String(row.ms),
          row.limit ?? '—',
          row.computed ?? t`fixed`,
        ])}
      />
      <NamedPartsTable
        label={t`Actions of ${entry.id}`}
        header={[t`Action`, t`Kind`, t`Runs`]}
        rows={actions.map((row) => [row.name, row.kind, row.usedIn.join('; ') || '—'])}
      />
    </Stack>
  );
}
