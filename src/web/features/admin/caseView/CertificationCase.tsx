// A certification case on one screen (issue 21 §1): the submitted data by step and person on the
// left, the documents on the right, each opened beside the claims it supports, the authorizer's face
// capture beside their ID photo with the engine's score, liveness and presentation-attack evidence
// (issue 28 §6), what the documents read (issue 30: findings first, a mark per claim row, the
// document's own checks and an outline of where each value was read), a flag and a comment per
// field, the decision, and the history below.
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { CertificationCaseView } from '../../../../contract/api/admin';
import { adminApi } from '../adminApi';
import { useMay } from '../backOfficeAccess';
import { AdminPagePaths } from '../adminPaths';
import { CaseFields } from './CaseFields';
import { CaseLayout } from './CaseLayout';
import { DocumentPreview } from './DocumentPreview';
import { DocumentViewer } from './DocumentViewer';
import { FaceAttackFacts } from './FaceAttackFacts';
import { FaceCheckFacts, FaceFrames, FaceOverride } from './FaceEvidence';
import { LoadedCase } from './LoadedCase';
import { useCaseDecision } from './useCaseDecision';
import { useCaseDocuments } from './useCaseDocuments';
import { readKey } from '../../../../contract/documents/claims';
import { isReadKind } from '../../../../contract/documents/reading';
import { DocumentSelfChecks } from '../../documents/DocumentSelfChecks';
import { stepValuesOfCase, useDocumentClaims } from '../../documents/useDocumentClaims';
import { useReadOutlines } from '../../documents/useReadOutlines';
import { ReadFindings } from './ReadFindings';
import { sendFieldFlag } from './fieldCommentsApi';
import { commentsOf, openFlagsOf, useFieldFlags } from './useFieldFlags';
import { RoundChanges } from './RoundChanges';
import { useRoundChanges } from './useRoundChanges';

const AUTHORIZER_DOCUMENT = 'uploadAuthorizerInfo.person.document.';

/** The face capture as evidence beside the authorizer's ID photo: the frames, then the engine's facts. */
function FaceBeside({ authorizer }: { authorizer: NonNullable<CertificationCaseView['authorizer']> }) {
  const { t } = useLingui();
  return (
    <Stack gap="xs" data-testid="face-beside">
      {authorizer.face && authorizer.face.frames.length > 0 ? (
        <FaceFrames face={authorizer.face} />
      ) : authorizer.faceCapture ? (
        <DocumentPreview document={authorizer.faceCapture} caption={t`Face capture`} />
      ) : (
        <Alert variant="light">
          <Trans>No face capture for this case.</Trans>
        </Alert>
      )}
      {authorizer.face ? <FaceCheckFacts face={authorizer.face} /> : null}
      {authorizer.face ? <FaceAttackFacts attack={authorizer.face.attack} /> : null}
    </Stack>
  );
}

function CertificationCaseBody({ view, reload }: { view: CertificationCaseView; reload: () => void }) {
  const docs = useCaseDocuments(view.steps, view.documents);
  // What each document reads for the claim rows (issue 30): marks beside the values, the findings
  // above them, the document's own checks and the outlines of where its values were read.
  const stepValues = useMemo(() => stepValuesOfCase(view.steps), [view.steps]);
  const readings = useDocumentClaims(
    stepValues,
    view.documents.filter((d) => isReadKind(d.kind)).map((d) => d.fileId),
  );
  const [selectedRead, setSelectedRead] = useState<string | null>(null);
  const showRead = (fileId: string, key: string) => {
    setSelectedRead(key);
    docs.open(fileId);
  };
  const currentFile = docs.current?.fileId ?? null;
  const outlines = useReadOutlines(currentFile, readings, selectedRead);
  const currentChecks = currentFile ? readings.readings.get(currentFile)?.selfChecks : undefined;
  // Each flag step is recorded as it happens; the history below reloads to show it. The flags open
  // as the timeline left them, so a reload or another reviewer finds them.
  const flagControl = useFieldFlags((request) => {
    void sendFieldFlag('certification', view.id, request).then((outcome) => {
      if (outcome.kind === 'ok') reload();
    });
  }, openFlagsOf(view.history));
  const mayDecide = useMay('cases.decide');
  const actor = useCaseDecision('certification', view, reload, () =>
    commentsOf(docs.sections, flagControl.flagged, flagControl.comments),
  );
  const rounds = useRoundChanges(view.id, view.version, view.history);
  const mayFlag = mayDecide && view.allowedDecisions.includes('requestRevision');
  const flags = mayFlag ? flagControl : null;
  const authorizer = view.authorizer;
  const showsAuthorizerPhoto =
    authorizer !== null && docs.current?.fieldPath?.startsWith(AUTHORIZER_DOCUMENT) === true;
  const currentPath = docs.current?.fieldPath;
  const currentRow = currentPath
    ? docs.sections.flatMap((s) => s.rows).find((r) => r.paths.includes(currentPath))
    : undefined;
  const currentFlagged = currentRow ? currentRow.paths.every((p) => flagControl.flagged.has(p)) : false;
  const flagCurrent = () => {
    if (flags && currentRow) flags.toggle(currentRow.paths, !currentFlagged);
  };
  return (
    <CaseLayout
      view={view}
      reason={view.decision?.reason ?? null}
      actor={actor}
      flagged={flagControl.list}
      approvalBlock={view.approvalBlock}
      shortcuts={{
        nextDocument: () => docs.go(docs.index + 1),
        previousDocument: () => docs.go(docs.index - 1),
        ...(flags ? { flag: flagCurrent } : {}),
      }}
      fields={
        <Stack gap="sm">
          <ReadFindings
            findings={readings.findings}
            agreeing={readings.claims.filter((c) => c.verdict === 'equal').length}
            sections={docs.sections}
            selected={selectedRead}
            onSelect={(finding) => showRead(finding.fileId, finding.key)}
          />
          {rounds.changes ? <RoundChanges changes={rounds.changes} sections={docs.sections} /> : null}
          <CaseFields
            sections={docs.sections}
            documents={docs.byId}
            flags={flags}
            active={docs.active}
            changes={rounds.byPath}
            readMarks={readings.byPath}
            onShowRead={(claim) => showRead(claim.fileId, readKey(claim.fileId, claim.field))}
            selectedRead={selectedRead}
            onOpenDocument={docs.open}
          />
        </Stack>
      }
      documents={
        <DocumentViewer
          documents={docs.ordered}
          index={docs.index}
          onIndex={docs.go}
          claims={docs.claims}
          outlines={outlines}
          readings={currentChecks ? <DocumentSelfChecks checks={currentChecks} /> : null}
          beside={showsAuthorizerPhoto && authorizer ? <FaceBeside authorizer={authorizer} /> : undefined}
          flag={flags && currentRow ? { on: currentFlagged, toggle: flagCurrent } : null}
        />
      }
      rail={
        // Only a reviewer decides a referred face check (issue 21 §4).
        authorizer?.face?.overridable && mayDecide ? <FaceOverride caseId={view.id} reload={reload} /> : null
      }
    />
  );
}

export function CertificationCase({ caseId }: { caseId: string }) {
  return (
    <LoadedCase
      kind="certification"
      caseId={caseId}
      queuePath={AdminPagePaths.certifications}
      load={adminApi.certificationCase}
    >
      {(view, reload) => <CertificationCaseBody view={view} reload={reload} />}
    </LoadedCase>
  );
}
