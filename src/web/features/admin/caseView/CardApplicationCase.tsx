// A card-application case (issue 8 §3–4): business purpose, the supporting document previewed, the
// questionnaire as asked, the history, and the decision (approve, or reject with a reason).
import { Trans, useLingui } from '@lingui/react/macro';
import { Table, Title } from '@mantine/core';
import type { CardApplicationCaseView } from '../../../../contract/api/admin';
import { useLocale } from '../../auth/shared/messages';
import { adminApi } from '../adminApi';
import { AdminPagePaths } from '../adminPaths';
import { CaseFields } from './CaseFields';
import { CaseLayout } from './CaseLayout';
import { DocumentPreview } from './DocumentPreview';
import { LoadedCase } from './LoadedCase';
import { useCaseDecision } from './useCaseDecision';

function CardApplicationCaseBody({ view, reload }: { view: CardApplicationCaseView; reload: () => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const actor = useCaseDecision('cardApplication', view, reload);
  const steps = view.steps.filter((step) => step.stepId !== 'questionnaire');
  return (
    <CaseLayout view={view} reason={view.reason} actor={actor} flagged={[]}>
      <CaseFields steps={steps} flags={null} />
      {view.document ? <DocumentPreview document={view.document} /> : null}
      <Title order={3}>
        <Trans>Questionnaire</Trans>
      </Title>
      <Table aria-label={t`Questionnaire`} withRowBorders>
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
    </CaseLayout>
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
