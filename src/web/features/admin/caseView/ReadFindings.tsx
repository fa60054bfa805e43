// What the documents say, at the top of the case (issue 30): the values a document reads otherwise,
// the documents' failed self-checks (a check digit, a birth date, an expired card), and the values
// that could not be read, worst first (documentFindings). Each opens its document with the place it
// was read outlined. When nothing differs it says how many values agree. A finding never decides:
// the reviewer does.
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, List, Paper, Text, Title, UnstyledButton } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import type { ReactNode } from 'react';
import { findingTone, type DocumentFinding } from '../../../../contract/documents/claims';
import { useCheckOutcomeLabel, useFieldLabel, useSelfCheckLabel } from '../../documents/documentLabels';
import type { CaseSection } from './caseSections';
import { rowLabel, sectionTitle } from './caseValues';

function whereOf(sections: readonly CaseSection[], finding: DocumentFinding) {
  const path = finding.type === 'claim' ? finding.claim.claimPath : null;
  const section = sections.find((s) =>
    s.rows.some((r) => (path ? r.paths.includes(path) : r.fileId === finding.fileId)),
  );
  const fileRow = sections.flatMap((s) => s.rows).find((r) => r.fileId === finding.fileId);
  return { section, fileRow };
}

function FindingText({ finding, sections }: { finding: DocumentFinding; sections: readonly CaseSection[] }) {
  const { t, i18n } = useLingui();
  const fieldLabel = useFieldLabel();
  const checkLabel = useSelfCheckLabel();
  const outcome = useCheckOutcomeLabel();
  const { section, fileRow } = whereOf(sections, finding);
  const who = section ? sectionTitle(i18n, section) : '';
  if (finding.type === 'selfCheck') {
    const document = fileRow ? rowLabel(i18n, fileRow) : '';
    const check = checkLabel(finding.check.name);
    const result = outcome(finding.check.outcome);
    return <>{t`${who} · ${document}: ${check} ${result}`}</>;
  }
  const field = fieldLabel(finding.field);
  const { read, typed } = finding.claim;
  if (finding.claim.verdict === 'different')
    return <>{t`${who} · ${field}: the document reads ${read}; typed ${typed}`}</>;
  return <>{t`${who} · ${field}: the document could not be read here`}</>;
}

export function ReadFindings({
  findings,
  agreeing,
  sections,
  selected,
  onSelect,
}: {
  findings: readonly DocumentFinding[];
  /** How many values the documents agree with. */
  agreeing: number;
  sections: readonly CaseSection[];
  selected: string | null;
  onSelect: (finding: DocumentFinding) => void;
}) {
  const { t } = useLingui();
  if (findings.length === 0 && agreeing === 0) return null;
  const serious = findings.some((f) => findingTone(f) !== 'unreadable');
  // A plain panel with a coloured edge: the words keep their contrast on white (axe).
  const panel = (edge: string, children: ReactNode) => (
    <Paper
      withBorder
      p="xs"
      component="section"
      aria-label={t`What the documents say`}
      data-testid="read-findings"
      style={{ borderInlineStart: `4px solid var(--mantine-color-${edge})` }}
    >
      <Title order={3} size="h5" mb={4}>
        {t`What the documents say`}
      </Title>
      {children}
    </Paper>
  );
  if (findings.length === 0)
    return panel(
      'green-8',
      <Text size="sm">
        <Trans>The documents agree with the {agreeing} values read from them.</Trans>
      </Text>,
    );
  return panel(
    serious ? 'red-8' : 'gray-6',
    <>
      <Text size="xs" c="gray.7" mb={4}>
        <Trans>Read by machine: it can be wrong. Look at each on the document; it decides nothing.</Trans>
      </Text>
      <List size="sm" spacing={2}>
        {findings.map((finding) => {
          const name = findingTone(finding);
          const tone = {
            fail: { name, color: 'red.9', text: t`Check fails` },
            different: { name, color: 'red.9', text: t`Different` },
            unreadable: { name, color: 'gray.8', text: t`Unreadable` },
          }[name];
          return (
            <List.Item
              key={`${finding.type}:${finding.key}:${finding.type === 'selfCheck' ? finding.check.name : ''}`}
            >
              <UnstyledButton
                onClick={() => onSelect(finding)}
                aria-pressed={selected === finding.key}
                data-finding={finding.key}
                data-tone={tone.name}
                style={{ textAlign: 'start', textDecoration: 'underline', fontSize: 'inherit' }}
              >
                <Badge component="span" size="xs" color={tone.color} variant="filled" mr={6}>
                  {tone.text}
                </Badge>
                <FindingText finding={finding} sections={sections} />
              </UnstyledButton>
            </List.Item>
          );
        })}
      </List>
    </>,
  );
}
