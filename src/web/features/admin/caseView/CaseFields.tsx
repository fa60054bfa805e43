// The left pane of the case (issue 21 §1): the submitted values by step, a section per person, each
// row labelled and put into words in the reviewer's language. A document row opens the document in
// the viewer; the section the viewer's document supports is highlighted and scrolled into view. When
// a revision may be requested, each row carries its own flag and, once flagged, its own comment.
import { useLingui } from '@lingui/react/macro';
import { Badge, Button, Checkbox, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Fragment, useEffect, useRef } from 'react';
import type { CaseDocument } from '../../../../contract/api/admin';
import { AdminLimits } from '../../../../contract/api/admin';
import { readKey, type DocumentClaim } from '../../../../contract/documents/claims';
import { ClaimReadMark } from '../../documents/ClaimReadMark';
import { STEP_LABELS } from '../adminLabels';
import type { CaseRow, CaseSection } from './caseSections';
import { rowLabel, rowValue, sectionTitle } from './caseValues';

export interface FlagControl {
  flagged: ReadonlySet<string>;
  /** Flags or clears every path of a row. */
  toggle(paths: readonly string[], on: boolean): void;
  /** The reviewer's comment per row (its key), shown to the applicant beside the field. */
  comments: ReadonlyMap<string, string>;
  comment(key: string, text: string): void;
  /** The row's comment is done (the box lost the focus): a step of the timeline if it changed. */
  commit?(key: string, paths: readonly string[]): void;
}

/** What changed since the last round, by path (a re-submitted case; issue 21 §1). */
export type ChangedPaths = ReadonlyMap<string, 'changed' | 'added' | 'removed' | 'replaced'>;

/** The reviewer's comment on a flagged row, in a table row of its own under it. */
export function FieldCommentRow({
  label,
  commentKey,
  paths,
  flags,
}: {
  label: string;
  commentKey: string;
  paths: readonly string[];
  flags: FlagControl;
}) {
  const { t } = useLingui();
  return (
    <Table.Tr>
      <Table.Td colSpan={3}>
        <TextInput
          size="xs"
          aria-label={t`Comment on ${label}`}
          placeholder={t`What should the applicant fix here? (optional)`}
          maxLength={AdminLimits.reasonMaxLength}
          value={flags.comments.get(commentKey) ?? ''}
          onChange={(event) => flags.comment(commentKey, event.currentTarget.value)}
          onBlur={() => flags.commit?.(commentKey, paths)}
        />
      </Table.Td>
    </Table.Tr>
  );
}

function RowFlag({ row, label, flags }: { row: CaseRow; label: string; flags: FlagControl }) {
  const { t } = useLingui();
  const on = row.paths.every((p) => flags.flagged.has(p));
  return (
    <Checkbox
      size="xs"
      aria-label={t`Flag ${label} for revision`}
      checked={on}
      onChange={(event) => flags.toggle(row.paths, event.currentTarget.checked)}
    />
  );
}

function RowValue({
  row,
  documents,
  onOpenDocument,
}: {
  row: CaseRow;
  documents: ReadonlyMap<string, CaseDocument>;
  onOpenDocument: (fileId: string) => void;
}) {
  const { t, i18n } = useLingui();
  if (row.fileId) {
    const document = documents.get(row.fileId);
    const name = document?.name ?? t`Document`;
    return (
      <Button
        size="compact-xs"
        variant="light"
        onClick={() => onOpenDocument(row.fileId!)}
        style={{ maxWidth: '100%' }}
        title={name}
      >
        <Text span size="xs" truncate="end">
          {t`View ${name}`}
        </Text>
      </Button>
    );
  }
  return <>{rowValue(i18n, row)}</>;
}

export function CaseFields({
  sections,
  documents,
  flags,
  active = [],
  changes,
  readMarks,
  onShowRead,
  selectedRead = null,
  onOpenDocument,
}: {
  sections: readonly CaseSection[];
  documents: ReadonlyMap<string, CaseDocument>;
  flags: FlagControl | null;
  /** What the documents read for each claim path (issue 30): a mark beside the row's value. */
  readMarks?: ReadonlyMap<string, DocumentClaim>;
  /** Opens the claim's document with where it was read outlined (the mark becomes a button). */
  onShowRead?: (claim: DocumentClaim) => void;
  /** The read value selected (readKey): its mark is pressed. */
  selectedRead?: string | null;
  /** Sections the viewer's document supports: highlighted, the first scrolled into view. */
  active?: readonly string[];
  changes?: ChangedPaths;
  onOpenDocument: (fileId: string) => void;
}) {
  const { t, i18n } = useLingui();
  const refs = useRef(new Map<string, HTMLElement>());
  const first = active[0];
  useEffect(() => {
    if (first) refs.current.get(first)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [first]);
  const changeLabel = {
    changed: t`Changed`,
    added: t`New`,
    removed: t`Removed`,
    replaced: t`Replaced`,
  } as const;
  return (
    <Stack gap="md">
      {sections.map((section, i) => {
        const newStep = sections[i - 1]?.stepId !== section.stepId;
        const stepLabel = STEP_LABELS[section.stepId];
        const stepTitle = stepLabel ? i18n._(stepLabel) : section.stepId;
        const title = sectionTitle(i18n, section);
        const isActive = active.includes(section.id);
        return (
          <Fragment key={section.id}>
            {newStep ? <Title order={3}>{stepTitle}</Title> : null}
            <section
              ref={(element) => {
                if (element) refs.current.set(section.id, element);
                else refs.current.delete(section.id);
              }}
              aria-label={title}
              data-section={section.id}
              data-active={isActive || undefined}
              style={{
                borderRadius: 6,
                padding: 6,
                background: isActive ? 'var(--mantine-color-yellow-0)' : undefined,
                boxShadow: isActive ? 'inset 3px 0 0 var(--mantine-color-yellow-6)' : undefined,
              }}
            >
              {title !== stepTitle ? (
                <Title order={4} size="h5" mb={4}>
                  {title}
                </Title>
              ) : null}
              <Table aria-label={title} withRowBorders verticalSpacing={4} fz="sm">
                <Table.Tbody>
                  {section.rows.map((row) => {
                    const label = rowLabel(i18n, row);
                    const change = row.paths.map((p) => changes?.get(p)).find(Boolean);
                    const flagged = flags ? row.paths.every((p) => flags.flagged.has(p)) : false;
                    const claim = row.paths.map((p) => readMarks?.get(p)).find(Boolean);
                    return (
                      <Fragment key={row.key}>
                        <Table.Tr
                          data-path={row.key}
                          data-changed={change ?? undefined}
                          style={change ? { background: 'var(--mantine-color-orange-0)' } : undefined}
                        >
                          {flags ? (
                            <Table.Td w={28}>
                              <RowFlag row={row} label={label} flags={flags} />
                            </Table.Td>
                          ) : null}
                          <Table.Th w="38%" fw={500}>
                            {label}
                            {change ? (
                              <Badge ml={6} size="xs" color="orange.9" variant="light">
                                {changeLabel[change]}
                              </Badge>
                            ) : null}
                          </Table.Th>
                          <Table.Td style={{ overflowWrap: 'anywhere' }}>
                            <RowValue row={row} documents={documents} onOpenDocument={onOpenDocument} />{' '}
                            <ClaimReadMark
                              claim={claim}
                              {...(onShowRead ? { onShow: onShowRead } : {})}
                              selected={!!claim && selectedRead === readKey(claim.fileId, claim.field)}
                            />
                          </Table.Td>
                        </Table.Tr>
                        {flags && flagged ? (
                          <FieldCommentRow
                            label={label}
                            commentKey={row.key}
                            paths={row.paths}
                            flags={flags}
                          />
                        ) : null}
                      </Fragment>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </section>
          </Fragment>
        );
      })}
    </Stack>
  );
}
