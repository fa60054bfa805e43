// What every case page shares around its body: the way back to the queue, loading and failure, and
// a fresh body for each case version (a reload after a conflict or a decision starts a fresh
// decision on it), with the last decision's notice above it.
import { Trans } from '@lingui/react/macro';
import { Alert, Anchor, Group, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { ReviewDecisionKind } from '../../../../../machines/reviewDecision.machine';
import type { CaseKind } from '../adminApi';
import { CaseWorkflow, type WorkflowView } from '../workflow/CaseWorkflow';
import { DecisionNotice, DecisionNoticeContext } from './decisionNotice';

export function LoadedCase<V extends WorkflowView>({
  kind,
  caseId,
  queuePath,
  load,
  children,
}: {
  kind: CaseKind;
  caseId: string;
  queuePath: string;
  load: (caseId: string) => Promise<V | false>;
  children: (view: V, reload: () => void) => ReactNode;
}) {
  const view = useQuery({ queryKey: ['adminCase', kind, caseId], queryFn: () => load(caseId) });
  // The last decision on this case, kept across the fresh case a decision loads (decisionNotice.tsx).
  const [decided, setDecided] = useState<{ caseId: string; kind: ReviewDecisionKind } | null>(null);
  const notices = useMemo(
    () => ({ announce: (decision: ReviewDecisionKind) => setDecided({ caseId, kind: decision }) }),
    [caseId],
  );
  return (
    <Stack gap="md">
      <Group>
        <Anchor component={Link} href={queuePath}>
          <Trans>Back to the queue</Trans>
        </Anchor>
      </Group>
      {decided?.caseId === caseId ? <DecisionNotice kind={decided.kind} /> : null}
      {view.isPending ? <Loader aria-label="Loading" /> : null}
      {view.data === false || view.isError ? (
        <Alert role="alert" color="red" variant="light">
          <Trans>The case could not be loaded.</Trans>
        </Alert>
      ) : null}
      {view.data ? (
        <DecisionNoticeContext.Provider value={notices}>
          <Fragment key={view.data.version}>
            {/* Issue 21 §2–3: the claim and a waiting approval, above the case. */}
            <CaseWorkflow kind={kind} view={view.data} reload={() => void view.refetch()} />
            {children(view.data, () => void view.refetch())}
          </Fragment>
        </DecisionNoticeContext.Provider>
      ) : null}
    </Stack>
  );
}
