// The order every case reads in: who and what (summary), the case's own fields and evidence, the
// decision, then the history of what happened to it. Long unbroken values (document ids, emails,
// file names) may break anywhere, so a 375-px window shows the case without sideways scrolling.
import { Trans } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { CaseHistory } from './CaseHistory';
import { CaseSummary } from './CaseSummary';
import { DecisionPanel } from './DecisionPanel';

const FITS_THE_WIDTH = { overflowWrap: 'anywhere', minWidth: 0 } as const;

type CaseOutline = Omit<ComponentProps<typeof CaseSummary>, 'reason'> &
  ComponentProps<typeof CaseHistory> & { allowedDecisions: ComponentProps<typeof DecisionPanel>['allowed'] };

export function CaseLayout({
  view,
  reason,
  actor,
  flagged,
  children,
}: {
  view: CaseOutline;
  /** The last decision's reason, shown in the summary. */
  reason: string | null;
  actor: ComponentProps<typeof DecisionPanel>['actor'];
  /** Fields and documents flagged for a revision request. */
  flagged: readonly string[];
  /** What only this kind of case shows: its fields, documents, answers. */
  children: ReactNode;
}) {
  return (
    <Stack gap="lg" style={FITS_THE_WIDTH}>
      <CaseSummary
        company={view.company}
        applicant={view.applicant}
        status={view.status}
        submittedAt={view.submittedAt}
        reason={reason}
      />
      {children}
      <DecisionPanel actor={actor} allowed={view.allowedDecisions} flagged={flagged} />
      <Title order={3}>
        <Trans>History</Trans>
      </Title>
      <CaseHistory history={view.history} />
    </Stack>
  );
}
