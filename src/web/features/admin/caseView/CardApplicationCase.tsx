// A card-application case on one screen (issue 8 §3–4, issue 21 §1): business purpose and the
// questionnaire as asked on the left, the supporting document in the viewer on the right, a flag and
// a comment per field and question, the decision (approve, reject with a reason, or request a
// revision of the flagged items; docs/decisions/back-office.md "Card applications: flags, comments and a revision request"), what changed since the last
// round when re-submitted, and the history below.
import { Trans } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import type { CardApplicationCaseView } from '../../../../contract/api/admin';
import { adminApi } from '../adminApi';
import { AdminPagePaths } from '../adminPaths';
import { useMay } from '../backOfficeAccess';
import { CaseFields } from './CaseFields';
import { CaseLayout } from './CaseLayout';
import { DocumentViewer } from './DocumentViewer';
import { sendFieldFlag } from './fieldCommentsApi';
import { LoadedCase } from './LoadedCase';
import { QuestionnaireAnswers, questionComments } from './QuestionnaireAnswers';
import { RoundChanges } from './RoundChanges';
import { useRoundChanges } from './useRoundChanges';
import { useCaseDecision } from './useCaseDecision';
import { useCaseDocuments } from './useCaseDocuments';
import { commentsOf, openFlagsOf, useFieldFlags } from './useFieldFlags';

const NO_DOCUMENTS: [] = [];

function CardApplicationCaseBody({ view, reload }: { view: CardApplicationCaseView; reload: () => void }) {
  const steps = view.steps.filter((step) => step.stepId !== 'questionnaire');
  const docs = useCaseDocuments(steps, view.document ? [view.document] : NO_DOCUMENTS);
  // As on a certification: each flag step recorded as it happens, reopened from the timeline.
  const flagControl = useFieldFlags((request) => {
    void sendFieldFlag('cardApplication', view.id, request).then((outcome) => {
      if (outcome.kind === 'ok') reload();
    });
  }, openFlagsOf(view.history));
  const actor = useCaseDecision('cardApplication', view, reload, () => [
    ...commentsOf(docs.sections, flagControl.flagged, flagControl.comments),
    ...questionComments(view.questionnaire, flagControl),
  ]);
  const rounds = useRoundChanges(view.id, view.version, view.history, 'cardApplication');
  const mayFlag = useMay('cases.decide') && view.allowedDecisions.includes('requestRevision');
  const flags = mayFlag ? flagControl : null;
  return (
    <CaseLayout
      view={view}
      reason={view.reason}
      actor={actor}
      flagged={flagControl.list}
      shortcuts={{
        nextDocument: () => docs.go(docs.index + 1),
        previousDocument: () => docs.go(docs.index - 1),
      }}
      fields={
        <Stack gap="md">
          {rounds.changes ? <RoundChanges changes={rounds.changes} sections={docs.sections} /> : null}
          <CaseFields
            sections={docs.sections}
            documents={docs.byId}
            flags={flags}
            active={docs.active}
            changes={rounds.byPath}
            onOpenDocument={docs.open}
          />
          <Title order={3}>
            <Trans>Questionnaire</Trans>
          </Title>
          <QuestionnaireAnswers questionnaire={view.questionnaire} flags={flags} changes={rounds.byPath} />
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
