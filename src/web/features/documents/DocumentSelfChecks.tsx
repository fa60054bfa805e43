// The document against itself, above it in the reviewer's viewer (issue 30): the ID number's check
// digit and its birth date against the printed one, the MRZ's check digits and number, the USCC's
// check character, an expired card or passport — each holds, fails (a forged, damaged or expired
// document, or a misreading: the reviewer looks) or could not be read. Computed by the server.
import { useLingui } from '@lingui/react/macro';
import { Badge, Table } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import type { SelfCheck } from '../../../contract/documents/checks';
import { useCheckOutcomeLabel, useSelfCheckLabel } from './documentLabels';

const LOOK = {
  pass: { color: '#237032', variant: 'outline' },
  fail: { color: 'red.9', variant: 'filled' },
  unreadable: { color: 'gray.8', variant: 'outline' },
} as const;

export function DocumentSelfChecks({ checks }: { checks: readonly SelfCheck[] }) {
  const { t } = useLingui();
  const label = useSelfCheckLabel();
  const outcome = useCheckOutcomeLabel();
  if (checks.length === 0) return null;
  return (
    <Table
      withRowBorders={false}
      verticalSpacing={2}
      fz="sm"
      aria-label={t`The document's own checks`}
      data-testid="document-self-checks"
    >
      <Table.Tbody>
        {checks.map((check) => (
          <Table.Tr key={check.name} data-check={check.name} data-outcome={check.outcome}>
            <Table.Th w="60%" fw={500}>
              {label(check.name)}
            </Table.Th>
            <Table.Td>
              <Badge {...LOOK[check.outcome]} size="sm" style={{ textTransform: 'none' }}>
                {outcome(check.outcome)}
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
