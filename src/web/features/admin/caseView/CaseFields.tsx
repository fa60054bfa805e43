// The submitted values grouped by wizard step (issue 8 §3), each labelled in the reviewer's language.
// When a revision may be requested, a checkbox beside each field flags it; documents are flagged by
// their field the same way.
import { useLingui } from '@lingui/react/macro';
import { Checkbox, Code, Stack, Table, Title } from '@mantine/core';
import type { CaseStep } from '../../../../contract/api/admin';
import { FIELD_LABELS, fieldLabelKey, STEP_LABELS } from '../adminLabels';

export interface FlagControl {
  flagged: ReadonlySet<string>;
  toggle(path: string, on: boolean): void;
}

function shownValue(value: string | number | boolean | null, yes: string, no: string): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? yes : no;
  return String(value);
}

export function CaseFields({ steps, flags }: { steps: readonly CaseStep[]; flags: FlagControl | null }) {
  const { t, i18n } = useLingui();
  return (
    <Stack gap="md">
      {steps.map((step) => {
        const stepLabel = STEP_LABELS[step.stepId];
        return (
          <Stack key={step.stepId} gap="xs" data-step={step.stepId}>
            <Title order={3}>{stepLabel ? i18n._(stepLabel) : step.stepId}</Title>
            <Table aria-label={stepLabel ? i18n._(stepLabel) : step.stepId} withRowBorders>
              <Table.Tbody>
                {step.fields.map((field) => {
                  const label = FIELD_LABELS[fieldLabelKey(field.fieldPath)];
                  const name = label ? `${i18n._(label)} (${field.fieldPath})` : field.fieldPath;
                  return (
                    <Table.Tr key={field.path}>
                      {flags ? (
                        <Table.Td w={40}>
                          <Checkbox
                            aria-label={t`Flag ${name} for revision`}
                            checked={flags.flagged.has(field.path)}
                            onChange={(event) => flags.toggle(field.path, event.currentTarget.checked)}
                          />
                        </Table.Td>
                      ) : null}
                      <Table.Th w="35%">{name}</Table.Th>
                      <Table.Td>
                        {field.fileId ? (
                          <Code>{t`Document ${field.fileId}`}</Code>
                        ) : (
                          shownValue(field.value, t`Yes`, t`No`)
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Stack>
        );
      })}
    </Stack>
  );
}
