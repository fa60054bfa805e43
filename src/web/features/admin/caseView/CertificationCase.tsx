// A certification case (issue 8 §3–4): every submitted field by step, every document previewed, the
// authorizer's face capture beside the document photo, the history, and the decision.
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Checkbox, Group, Loader, SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import type { CertificationCaseView } from '../../../../contract/api/admin';
import { adminApi } from '../adminApi';
import { AdminPagePaths } from '../adminPaths';
import { CaseFields } from './CaseFields';
import { CaseHistory } from './CaseHistory';
import { CaseSummary } from './CaseSummary';
import { DecisionPanel } from './DecisionPanel';
import { DocumentPreview } from './DocumentPreview';
import { useReviewDecisionActor } from './useReviewDecisionActor';

function CertificationCaseBody({ view, reload }: { view: CertificationCaseView; reload(): void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [flagged, setFlagged] = useState<ReadonlySet<string>>(new Set());
  const actor = useReviewDecisionActor({
    api: adminApi,
    kind: 'certification',
    caseId: view.id,
    version: view.version,
    reload,
    decided: () => void queryClient.invalidateQueries({ queryKey: ['adminQueue'] }),
  });
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
    <Stack gap="lg">
      <CaseSummary
        company={view.company}
        applicant={view.applicant}
        status={view.status}
        submittedAt={view.submittedAt}
        reason={view.decision?.reason ?? null}
      />
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
            {authorizer.faceCapture ? (
              <DocumentPreview document={authorizer.faceCapture} caption={t`Face capture`} />
            ) : (
              <Alert variant="light">
                <Trans>No face capture for this case.</Trans>
              </Alert>
            )}
          </SimpleGrid>
        </Stack>
      ) : null}
      <DecisionPanel actor={actor} allowed={view.allowedDecisions} flagged={[...flagged]} />
      <Title order={3}>
        <Trans>History</Trans>
      </Title>
      <CaseHistory history={view.history} />
    </Stack>
  );
}

export function CertificationCase({ caseId }: { caseId: string }) {
  const view = useQuery({
    queryKey: ['adminCase', 'certification', caseId],
    queryFn: () => adminApi.certificationCase(caseId),
  });
  return (
    <Stack gap="md">
      <Group>
        <Anchor component={Link} href={AdminPagePaths.certifications}>
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
        // A reload after a conflict starts a fresh decision on the fresh case.
        <CertificationCaseBody key={view.data.version} view={view.data} reload={() => void view.refetch()} />
      ) : null}
    </Stack>
  );
}
