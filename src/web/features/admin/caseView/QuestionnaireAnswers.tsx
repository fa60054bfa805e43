// A card case's questionnaire as asked, each answer beside its question in the reviewer's language,
// and, when a revision may be requested, a flag and a comment per question (issue 21 §1; the
// question is flagged as a whole, "questionnaire.<questionId>", which the applicant's form marks).
import { useLingui } from '@lingui/react/macro';
import { Badge, Checkbox, Table } from '@mantine/core';
import { Fragment } from 'react';
import type { CaseQuestionAnswer } from '../../../../contract/api/admin';
import type { FieldComment } from '../../../../contract/api/fieldComments';
import { useLocale } from '../../auth/shared/messages';
import { FieldCommentRow, type ChangedPaths, type FlagControl } from './CaseFields';

/** The path a question is flagged under. */
export const questionPath = (answer: Pick<CaseQuestionAnswer, 'questionId'>) =>
  `questionnaire.${answer.questionId}`;

/** The comments on flagged questions, as the revision request sends them (blank ones left out). */
export function questionComments(
  questionnaire: readonly CaseQuestionAnswer[],
  flags: Pick<FlagControl, 'flagged' | 'comments'>,
): FieldComment[] {
  return questionnaire.flatMap((answer) => {
    const field = questionPath(answer);
    const comment = flags.comments.get(field)?.trim() ?? '';
    return flags.flagged.has(field) && comment ? [{ field, comment }] : [];
  });
}

export function QuestionnaireAnswers({
  questionnaire,
  flags,
  changes,
}: {
  questionnaire: readonly CaseQuestionAnswer[];
  flags: FlagControl | null;
  /** What changed since the last round: a question changed when any of its leaves did. */
  changes?: ChangedPaths;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <Table aria-label={t`Questionnaire`} withRowBorders fz="sm">
      <Table.Tbody>
        {questionnaire.map((answer) => {
          const path = questionPath(answer);
          // Named `label` so the messages are CaseFields' own (one translation).
          const label = answer.title[locale];
          const flagged = flags?.flagged.has(path) ?? false;
          const changed = [...(changes?.keys() ?? [])].some((p) => p === path || p.startsWith(`${path}.`));
          return (
            <Fragment key={answer.questionId}>
              <Table.Tr
                data-path={path}
                data-changed={changed || undefined}
                style={changed ? { background: 'var(--mantine-color-orange-0)' } : undefined}
              >
                {flags ? (
                  <Table.Td w={28}>
                    <Checkbox
                      size="xs"
                      aria-label={t`Flag ${label} for revision`}
                      checked={flagged}
                      onChange={(event) => flags.toggle([path], event.currentTarget.checked)}
                    />
                  </Table.Td>
                ) : null}
                <Table.Th w="40%">
                  {label}
                  {changed ? (
                    <Badge ml={6} size="xs" color="orange.9" variant="light">
                      {t`Changed`}
                    </Badge>
                  ) : null}
                </Table.Th>
                <Table.Td>
                  {answer.answerLabels.length
                    ? answer.answerLabels.map((label) => label[locale]).join(', ')
                    : Array.isArray(answer.answer)
                      ? answer.answer.join(', ')
                      : (answer.answer ?? '—')}
                </Table.Td>
              </Table.Tr>
              {flags && flagged ? (
                <FieldCommentRow label={label} commentKey={path} paths={[path]} flags={flags} />
              ) : null}
            </Fragment>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
