// What the last decision on the open case did, said above the case (issue 31: after "Approval
// confirmed" the header still said "Under review" until a reload). A decision made loads the case
// again, and the page draws a fresh case for the new version; the notice lives with the page, not
// with the decision's panel, so it stays while the header, the status and the offered decisions
// change to what the server now says.
import { Trans } from '@lingui/react/macro';
import { Alert } from '@mantine/core';
import { createContext, useContext } from 'react';
import type { ReviewDecisionKind } from '../../../../../machines/reviewDecision.machine';

export interface DecisionNotices {
  /** Called once the server accepted a decision on the open case. */
  announce(kind: ReviewDecisionKind): void;
}

export const DecisionNoticeContext = createContext<DecisionNotices>({ announce: () => undefined });

export const useDecisionNotices = () => useContext(DecisionNoticeContext);

export function DecisionNotice({ kind }: { kind: ReviewDecisionKind }) {
  return (
    <Alert color="green" variant="light" role="status" data-testid="decision-notice">
      {kind === 'approve' ? (
        // Four eyes (issue 21 §3): an approve is a proposal until an approver confirms it.
        <Trans>Approval proposed. It waits for a second person with the approver role to confirm it.</Trans>
      ) : kind === 'confirmApproval' ? (
        <Trans>Approval confirmed. The applicant is informed by email.</Trans>
      ) : kind === 'declineApproval' ? (
        <Trans>Approval declined; the case is back with the reviewers.</Trans>
      ) : (
        <Trans>Decision recorded. The applicant is informed by email.</Trans>
      )}
    </Alert>
  );
}
