// What every case page shares around its body: the way back to the queue, loading and failure, and
// a fresh body for each case version (a reload after a conflict starts a fresh decision on it).
import { Trans } from '@lingui/react/macro';
import { Alert, Anchor, Group, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { CaseKind } from '../adminApi';
import { CaseWorkflow, type WorkflowView } from '../workflow/CaseWorkflow';

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
  return (
    <Stack gap="md">
      <Group>
        <Anchor component={Link} href={queuePath}>
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
        <Fragment key={view.data.version}>
          {/* Issue 21 §2–3: the claim and a waiting approval, above the case. */}
          <CaseWorkflow kind={kind} view={view.data} reload={() => void view.refetch()} />
          {children(view.data, () => void view.refetch())}
        </Fragment>
      ) : null}
    </Stack>
  );
}
