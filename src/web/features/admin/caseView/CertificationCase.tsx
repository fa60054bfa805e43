// A certification case (issue 8 §3–4): every submitted field by step, every document previewed, the
// authorizer's face capture beside the document photo, the history, and the decision.
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Checkbox, SimpleGrid, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import type { CertificationCaseView } from '../../../../contract/api/admin';
import { adminApi } from '../adminApi';
import { AdminPagePaths } from '../adminPaths';
import { CaseFields } from './CaseFields';
import { CaseLayout } from './CaseLayout';
import { DocumentPreview } from './DocumentPreview';
import { FaceCheckFacts, FaceFrames, FaceOverride } from './FaceEvidence';
import { LoadedCase } from './LoadedCase';
import { useCaseDecision } from './useCaseDecision';

function CertificationCaseBody({ view, reload }: { view: CertificationCaseView; reload: () => void }) {
  const { t } = useLingui();
  const [flagged, setFlagged] = useState<ReadonlySet<string>>(new Set());
  const actor = useCaseDecision('certification', view, reload);
  const mayFlag = view.allowedDecisions.includes('requestRevision');
  const toggle = (path: string, on: boolean) =>
    setFlagged((current) => {
      const next = new Set(current);
      if (on) next.add(path);
      else next.delete(path);
      return next;
    });
  const flags = mayFlag ? { flagged, toggle } : null;
  const authorizer = view.authorizer;
  return (
    <CaseLayout view={view} reason={view.decision?.reason ?? null} actor={actor} flagged={[...flagged]}>
      <CaseFields steps={view.steps} flags={flags} />
      <Title order={3}>
        <Trans>Documents</Trans>
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {view.documents.map((document) => (
          <Stack key={document.fileId} gap={4}>
            {flags && document.fieldPath ? (
              <Checkbox
                aria-label={t`Flag document ${document.name} for revision`}
                label={t`Flag for revision`}
                checked={flagged.has(document.fieldPath)}
                onChange={(event) => toggle(document.fieldPath ?? '', event.currentTarget.checked)}
              />
            ) : null}
            <DocumentPreview document={document} />
          </Stack>
        ))}
      </SimpleGrid>
      {authorizer ? (
        <Stack gap="xs">
          <Title order={3}>
            <Trans>Authorizer: document photo and face capture</Trans>
          </Title>
          <SimpleGrid cols={2} data-testid="authorizer-identity">
            <Stack gap="xs">
              {authorizer.documentPhotos.map((photo) => (
                <DocumentPreview key={photo.fileId} document={photo} />
              ))}
            </Stack>
            {authorizer.face && authorizer.face.frames.length > 0 ? (
              <FaceFrames face={authorizer.face} />
            ) : authorizer.faceCapture ? (
              <DocumentPreview document={authorizer.faceCapture} caption={t`Face capture`} />
            ) : (
              <Alert variant="light">
                <Trans>No face capture for this case.</Trans>
              </Alert>
            )}
          </SimpleGrid>
          {authorizer.face ? <FaceCheckFacts face={authorizer.face} /> : null}
          {authorizer.face?.overridable ? <FaceOverride caseId={view.id} reload={reload} /> : null}
        </Stack>
      ) : null}
    </CaseLayout>
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
