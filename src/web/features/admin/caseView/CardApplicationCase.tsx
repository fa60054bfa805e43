// A card-application case on one screen (issue 8 §3–4, issue 21 §1): business purpose and the
// questionnaire as asked on the left, the supporting document in the viewer on the right, the
// decision (approve, or reject with a reason), and the history below.
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Table, Title } from '@mantine/core';
import type { CardApplicationCaseView } from '../../../../contract/api/admin';
import { useLocale } from '../../auth/shared/messages';
import { adminApi } from '../adminApi';
import { AdminPagePaths } from '../adminPaths';
import { CaseFields } from './CaseFields';
import { CaseLayout } from './CaseLayout';
import { DocumentViewer } from './DocumentViewer';
import { LoadedCase } from './LoadedCase';
import { useCaseDecision } from './useCaseDecision';
import { useCaseDocuments } from './useCaseDocuments';

const NO_DOCUMENTS: [] = [];

function CardApplicationCaseBody({ view, reload }: { view: CardApplicationCaseView; reload: () => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const actor = useCaseDecision('cardApplication', view, reload);
  const steps = view.steps.filter((step) => step.stepId !== 'questionnaire');
  const docs = useCaseDocuments(steps, view.document ? [view.document] : NO_DOCUMENTS);
  return (
    <CaseLayout
      view={view}
      reason={view.reason}
      actor={actor}
      flagged={[]}
      shortcuts={{
        nextDocument: () => docs.go(docs.index + 1),
        previousDocument: () => docs.go(docs.index - 1),
      }}
      fields={
        <Stack gap="md">
          <CaseFields
            sections={docs.sections}
            documents={docs.byId}
            flags={null}
            active={docs.active}
            onOpenDocument={docs.open}
          />
          <Title order={3}>
            <Trans>Questionnaire</Trans>
          </Title>
          <Table aria-label={t`Questionnaire`} withRowBorders fz="sm">
            <Table.Tbody>
              {view.questionnaire.map((answer) => (
                <Table.Tr key={answer.questionId}>
                  <Table.Th w="40%">{answer.title[locale]}</Table.Th>
                  <Table.Td>
                    {answer.answerLabels.length
                      ? answer.answerLabels.map((label) => label[locale]).join(', ')
                      : Array.isArray(answer.answer)
                        ? answer.answer.join(', ')
                        : (answer.answer ?? '—')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      }
      documents={
        <DocumentViewer documents={docs.ordered} index={docs.index} onIndex={docs.go} claims={docs.claims} />
      }
    />
  );
}

export function CardApplicationCase({ caseId }: { caseId: string }) {
  return (
    <LoadedCase
      kind="cardApplication"
      caseId={caseId}
      queuePath={AdminPagePaths.cardApplications}
      load={adminApi.cardApplicationCase}
    >
      {(view, reload) => <CardApplicationCaseBody view={view} reload={reload} />}
    </LoadedCase>
  );
}
