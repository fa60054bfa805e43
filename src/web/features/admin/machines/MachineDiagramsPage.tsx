// Issue 9 §2: every machine of the registry with its generated diagram and spec references.
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, Stack } from '@mantine/core';
import { machineRegistry } from '../../../../../machines/registry';
import { MachineDiagram } from './MachineDiagram';

export function MachineDiagramsPage() {
  const { t } = useLingui();
  return (
    <Stack gap="xl">
      <Group component="nav" aria-label={t`Machines`} gap="sm" wrap="wrap">
        {machineRegistry.map((entry) => (
          <Anchor key={entry.id} href={`#machine-${entry.id}`}>
            {entry.id}
          </Anchor>
        ))}
      </Group>
      <Trans>Every statechart of the portal, generated from the machine definitions.</Trans>
      {machineRegistry.map((entry) => (
        <MachineDiagram key={entry.id} entry={entry} />
      ))}
    </Stack>
  );
}
