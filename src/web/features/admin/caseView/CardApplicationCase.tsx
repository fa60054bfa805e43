// A card-application case (issue 8 §3–4): business purpose, the supporting document previewed, the
// questionnaire as asked, the history, and the decision (approve, or reject with a reason).
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Group, Loader, Stack, Table, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { CardApplicationCaseView } from '../../../../contract/api/admin';
import { useLocale } from '../../auth/shared/messages';
import { adminApi } from '../adminApi';
import { AdminPagePaths } from '../adminPaths';
import { CaseFields } from './CaseFields';
import { CaseHistory } from './CaseHistory';
import { CaseSummary } from './CaseSummary';
import { DecisionPanel } from './DecisionPanel';
import { DocumentPreview } from './DocumentPreview';
import { useReviewDecisionActor } from './useReviewDecisionActor';

function CardApplicationCaseBody({ view, reload }: { view: CardApplicationCaseView; reload(): void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const actor = useReviewDecisionActor({
    api: adminApi,
    kind: 'cardApplication',
    caseId: view.id,
    version: view.version,
    reload,
    decided: () => void queryClient.invalidateQueries({ queryKey: ['adminQueue'] }),
  });
  const steps = view.steps.filter((step) => step.stepId !== 'questionnaire');
  return (
    <Stack gap="lg">
      <CaseSummary
        company={view.company}
        applicant={view.applicant}
        status={view.status}
        submittedAt={view.submittedAt}
        reason={view.reason}
      />
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
      <DecisionPanel actor={actor} allowed={view.allowedDecisions} flagged={[]} />
      <Title order={3}>
        <Trans>History</Trans>
      </Title>
      <CaseHistory history={view.history} />
    </Stack>
  );
}

export function CardApplicationCase({ caseId }: { caseId: string }) {
  const view = useQuery({
    queryKey: ['adminCase', 'cardApplication', caseId],
    queryFn: () => adminApi.cardApplicationCase(caseId),
  });
  return (
    <Stack gap="md">
      <Group>
        <Anchor component={Link} href={AdminPagePaths.cardApplications}>
          <Trans>Back to the queue</Trans>
        </Anchor>
      </Group>
      {view.isPending ? <Loader aria-label="Loading" /> : null}
      {view.data === false || view.isError ? (
        <Alert role="alert" color="red" variant="light">
          <Trans>The case could not be loaded.</Trans>
        </Alert>
      ) : null}
      {view.data ? (
        <CardApplicationCaseBody
          key={view.data.version}
          view={view.data}
          reload={() => void view.refetch()}
        />
      ) : null}
    </Stack>
  );
}
