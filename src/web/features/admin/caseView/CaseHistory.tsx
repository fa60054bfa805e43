// The case history (issue 8 §3): lifecycle changes and back-office audit entries, oldest first. Its
// five columns scroll sideways inside their own container on a phone (issue 17 §3), not the page;
// the container takes the focus so the keyboard can scroll it too.
import { Trans, useLingui } from '@lingui/react/macro';
import { Code, Table } from '@mantine/core';
import type { CaseHistoryEntry } from '../../../../contract/api/admin';
import { useLocale } from '../../auth/shared/messages';
import { formatTime } from '../formatTime';
import { timelineLabel } from '../workflow/timelineLabels';

export function CaseHistory({ history }: { history: readonly CaseHistoryEntry[] }) {
  const { t, i18n } = useLingui();
  const label = (action: string) => {
    const descriptor = timelineLabel(action);
    return descriptor ? i18n._(descriptor) : null;
  };
  const locale = useLocale();
  return (
    <Table.ScrollContainer minWidth={640} type="native" tabIndex={0}>
      <Table aria-label={t`Case history`} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Time</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Action</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>From → to</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>By</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Reason</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {history.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>{formatTime(entry.at, locale)}</Table.Td>
              <Table.Td>{label(entry.action) ?? <Code>{entry.action}</Code>}</Table.Td>
              <Table.Td>
                {entry.fromState} → {entry.toState}
              </Table.Td>
              <Table.Td>{entry.actor?.email ?? '—'}</Table.Td>
              <Table.Td>
                {entry.reason ?? entry.comment ?? '—'}
                {entry.flaggedFields.length ? ` (${entry.flaggedFields.join(', ')})` : ''}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
