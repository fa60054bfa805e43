// The reviewer's decision (issue 8 §4): approve, reject with a reason (required; the applicant reads
// it), or request a revision of the flagged fields and documents with a comment. The chart asks for a
// confirmation first and tells the reviewer when another reviewer decided first. While the
// authorizer's face waits for a reviewer (issue 28 §5) Approve is off and the panel says why.
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ReviewDecision, ReviewDecisionKind } from '../../../../../machines/reviewDecision.machine';
import { AdminLimits, type CertificationApprovalBlock } from '../../../../contract/api/admin';
import { messageFor, type CodeName } from '../../../../contract/codes';
import { useLocale } from '../../auth/shared/messages';
import { useMay } from '../backOfficeAccess';
import { ApprovalBlockNotice } from './ApprovalBlockNotice';
import type { useReviewDecisionActor } from './useReviewDecisionActor';

type DecisionActor = ReturnType<typeof useReviewDecisionActor>;

export function DecisionPanel({
  actor,
  allowed: allowedByCase,
  flagged,
  approvalBlock = null,
}: {
  actor: DecisionActor;
  allowed: readonly ReviewDecisionKind[];
  flagged: readonly string[];
  /** Why approving is refused now although the chart allows it (issue 28 §5). */
  approvalBlock?: CertificationApprovalBlock | null;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  // Issue 21 §4: only a reviewer decides (support reads, an approver confirms someone else's approval).
  const mayDecide = useMay('cases.decide');
  const allowed = mayDecide ? allowedByCase : [];
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [tried, setTried] = useState<ReviewDecisionKind | null>(null);
  const state = useSelector(actor, (s) => s);
  const busy = state.hasTag('busy');
  const pending = state.context.decision;

  const decide = (decision: ReviewDecision) => {
    setTried(decision.kind);
    actor.send({ type: 'user.decide', decision });
  };

  // Decided: the case page says so above the case (DecisionNotice) and loads the case again, so the
  // header shows the new status; this panel starts afresh on the new version.
  if (state.matches('done')) return null;
  if (state.matches('conflict')) {
    return (
      <Alert color="orange" variant="light" role="alert">
        <Stack gap="xs">
          <Text>{messageFor('decisionConflict', locale)}</Text>
          <Button
            size="xs"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => actor.send({ type: 'user.reload' })}
          >
            <Trans>Reload the case</Trans>
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (state.matches('confirming') || state.matches('submitting') || state.matches('error')) {
    const kind = pending?.kind;
    return (
      <Stack gap="xs">
        {state.matches('error') ? (
          <Alert color="red" variant="light" role="alert">
            {messageFor((state.context.message ?? 'internal') as CodeName, locale) ??
              messageFor('internal', locale)}
          </Alert>
        ) : null}
        <Text fw={600}>
          {kind === 'approve' ? (
            <Trans>Approve this case?</Trans>
          ) : kind === 'reject' ? (
            <Trans>Reject this case with the reason given?</Trans>
          ) : (
            <Trans>Ask the applicant to revise {flagged.length} flagged item(s)?</Trans>
          )}
        </Text>
        {kind === 'approve' ? (
          <Text size="sm" c="dimmed">
            <Trans>It becomes a proposal: a second person with the approver role confirms it.</Trans>
          </Text>
        ) : null}
        <Group>
          <Button
            loading={busy}
            onClick={() =>
              actor.send(state.matches('error') ? { type: 'user.retry' } : { type: 'user.confirm' })
            }
          >
            {state.matches('error') ? <Trans>Try again</Trans> : <Trans>Confirm</Trans>}
          </Button>
          <Button variant="default" disabled={busy} onClick={() => actor.send({ type: 'user.cancel' })}>
            <Trans>Cancel</Trans>
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Title order={3}>
        <Trans>Decision</Trans>
      </Title>
      {!mayDecide ? (
        <Text c="dimmed">
          <Trans>Your roles do not decide cases.</Trans>
        </Text>
      ) : allowed.length === 0 ? (
        <Text c="dimmed">
          <Trans>This case cannot be decided in its current state.</Trans>
        </Text>
      ) : null}
      {allowed.includes('approve') && approvalBlock ? <ApprovalBlockNotice block={approvalBlock} /> : null}
      {allowed.includes('approve') ? (
        <Button
          color="teal.9"
          style={{ alignSelf: 'flex-start' }}
          disabled={approvalBlock !== null}
          onClick={() => decide({ kind: 'approve' })}
        >
          <Trans>Approve</Trans>
        </Button>
      ) : null}
      {allowed.includes('reject') ? (
        <Stack gap="xs">
          <Textarea
            label={t`Reason for the rejection (shown to the applicant)`}
            required
            maxLength={AdminLimits.reasonMaxLength}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={tried === 'reject' && reason.trim() === '' ? t`Please give a reason` : null}
          />
          <Button
            color="red"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => decide({ kind: 'reject', reason })}
          >
            <Trans>Reject</Trans>
          </Button>
        </Stack>
      ) : null}
      {allowed.includes('requestRevision') ? (
        <Stack gap="xs">
          <Text size="sm">
            <Trans>Flagged for revision: {flagged.length}</Trans>
          </Text>
          <Textarea
            label={t`Comment for the applicant`}
            required
            maxLength={AdminLimits.reasonMaxLength}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            error={
              tried === 'requestRevision' && (comment.trim() === '' || flagged.length === 0)
                ? t`Flag at least one field or document and write a comment`
                : null
            }
          />
          <Button
            variant="light"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => decide({ kind: 'requestRevision', fields: flagged, comment })}
          >
            <Trans>Request a revision</Trans>
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
