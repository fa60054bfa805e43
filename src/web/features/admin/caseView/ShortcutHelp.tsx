// The help dialog of the case view's keyboard shortcuts (issue 21 §5), opened with "?" or its button.
import { Trans, useLingui } from '@lingui/react/macro';
import { Kbd, Modal, Table } from '@mantine/core';
import { CASE_SHORTCUTS, type CaseShortcut } from './useCaseShortcuts';

export function ShortcutHelp({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const what: Record<CaseShortcut, string> = {
    nextDocument: t`Next document`,
    previousDocument: t`Previous document`,
    flag: t`Flag the field of the document shown for revision`,
    approve: t`Approve (asks for a confirmation first)`,
    help: t`Show this help`,
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t`Keyboard shortcuts`} centered>
      <Table aria-label={t`Keyboard shortcuts`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Key</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Action</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(Object.keys(CASE_SHORTCUTS) as CaseShortcut[]).map((name) => (
            <Table.Tr key={name}>
              <Table.Td>
                <Kbd>{CASE_SHORTCUTS[name]}</Kbd>
              </Table.Td>
              <Table.Td>{what[name]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
