// Who works a case and where its approval stands (issue 21 §2, §3), above the case: the claim (who,
// until when; claim, renew, release), the approval waiting for a second person (who proposed it,
// when), and for an approver who did not propose it, Confirm or Decline with a reason (Confirm off,
// with the reason, while the authorizer's face waits for a reviewer: issue 28 §5). The server
// decides every rule; this shows what it said and offers what the account's roles allow.
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { CaseApproval, CertificationApprovalBlock } from '../../../../contract/api/admin';
import { AdminLimits } from '../../../../contract/api/admin';
import type { CaseClaim } from '../../../../contract/api/caseClaims';
import { messageFor, type CodeName } from '../../../../contract/codes';
import { useLocale } from '../../auth/shared/messages';
import { useSessionUser } from '../../../session/useSessionUser';
import type { CaseKind } from '../adminApi';
import { useMay } from '../backOfficeAccess';
import { ApprovalBlockNotice } from '../caseView/ApprovalBlockNotice';
import { useCaseDecision } from '../caseView/useCaseDecision';
import { formatTime } from '../formatTime';
import { claimsApi } from './claimsApi';

export interface WorkflowView {
  id: string;
  version: number;
  approval?: CaseApproval;
  claim?: CaseClaim | null;
  /** Why the approval cannot be confirmed now (issue 28 §5; certifications only). */
  approvalBlock?: CertificationApprovalBlock | null;
}

function ClaimLine({ kind, view, reload }: { kind: CaseKind; view: WorkflowView; reload: () => void }) {
  const locale = useLocale();
  const me = useSessionUser()?.userInfo.userId;
  const mayClaim = useMay('cases.claim');
  const mayReassign = useMay('claims.reassign');
  const [problem, setProblem] = useState<CodeName | null>(null);
  const claim = view.claim ?? null;
  const mine = claim !== null && claim.by.userId === me;
  const act = async (call: () => Promise<{ kind: 'ok' } | { kind: 'refused'; code: CodeName }>) => {
    const outcome = await call();
    setProblem(outcome.kind === 'ok' ? null : outcome.code);
    reload();
  };
  const until = claim ? formatTime(claim.expiresAt, locale) : '';
  const who = claim ? claim.by.name || claim.by.email : '';
  return (
    <Stack gap={4} data-testid="case-claim">
      <Group gap="sm" wrap="wrap">
        <Text size="sm">
          {claim === null ? (
            <Trans>Nobody has claimed this case.</Trans>
          ) : mine ? (
            <Trans>You have claimed this case until {until}.</Trans>
          ) : (
            <Trans>
              Claimed by {who} until {until}.
            </Trans>
          )}
        </Text>
        {mayClaim && (claim === null || mine) ? (
          <Button size="xs" variant="default" onClick={() => void act(() => claimsApi.claim(kind, view.id))}>
            {mine ? <Trans>Renew the claim</Trans> : <Trans>Claim this case</Trans>}
          </Button>
        ) : null}
        {mine ? (
          <Button size="xs" variant="subtle" onClick={() => void act(() => claimsApi.release(kind, view.id))}>
            <Trans>Release</Trans>
          </Button>
        ) : null}
      </Group>
      {mayReassign ? <Reassign kind={kind} caseId={view.id} done={act} /> : null}
      {problem ? (
        <Alert role="alert" color="orange" variant="light">
          {messageFor(problem, locale) ?? messageFor('internal', locale)}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** Approvers and admins give the case to someone who may claim it. */
function Reassign({
  kind,
  caseId,
  done,
}: {
  kind: CaseKind;
  caseId: string;
  done: (call: () => Promise<{ kind: 'ok' } | { kind: 'refused'; code: CodeName }>) => Promise<void>;
}) {
  const { t } = useLingui();
  const [to, setTo] = useState<string | null>(null);
  const assignees = useQuery({ queryKey: ['claimAssignees'], queryFn: () => claimsApi.assignees() });
  // A refused or failed load is no list (the select stays empty; the claim line says the rest).
  const list = Array.isArray(assignees.data) ? assignees.data : [];
  const options = list.map((a) => ({ value: a.userId, label: a.name || a.email }));
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select size="xs" label={t`Give the case to`} data={options} value={to} onChange={setTo} searchable />
      <Button
        size="xs"
        variant="default"
        disabled={to === null}
        onClick={() => {
          if (to) void done(() => claimsApi.reassign(kind, caseId, to));
        }}
      >
        <Trans>Reassign</Trans>
      </Button>
    </Group>
  );
}

/** Confirm or decline someone else's proposal, through the decision chart (confirm first). */
function SecondPair({ kind, view, reload }: { kind: CaseKind; view: WorkflowView; reload: () => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const actor = useCaseDecision(kind, view, reload);
  const state = useSelector(actor, (s) => s);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const kindChosen = state.context.decision?.kind;
  const block = view.approvalBlock ?? null;
  // Decided: the page says so above the case and loads it again (caseView/decisionNotice.tsx).
  if (state.matches('done')) return null;
  if (!state.matches('choosing')) {
    return (
      <Stack gap="xs">
        {state.matches('error') || state.matches('conflict') ? (
          <Alert color="red" variant="light" role="alert">
            {messageFor((state.context.message ?? 'decisionConflict') as CodeName, locale) ??
              messageFor('internal', locale)}
          </Alert>
        ) : null}
        <Text fw={600}>
          {kindChosen === 'confirmApproval' ? (
            <Trans>Confirm the approval of this case?</Trans>
          ) : (
            <Trans>Decline the proposed approval with the reason given?</Trans>
          )}
        </Text>
        <Group>
          {state.matches('conflict') ? (
            <Button onClick={() => actor.send({ type: 'user.reload' })}>
              <Trans>Reload the case</Trans>
            </Button>
          ) : (
            <Button
              loading={state.hasTag('busy')}
              onClick={() =>
                actor.send(state.matches('error') ? { type: 'user.retry' } : { type: 'user.confirm' })
              }
            >
              {state.matches('error') ? <Trans>Try again</Trans> : <Trans>Confirm</Trans>}
            </Button>
          )}
          {state.matches('conflict') ? null : (
            <Button variant="default" onClick={() => actor.send({ type: 'user.cancel' })}>
              <Trans>Cancel</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      {block ? <ApprovalBlockNotice block={block} /> : null}
      <Button
        color="teal.9"
        style={{ alignSelf: 'flex-start' }}
        disabled={block !== null}
        onClick={() => actor.send({ type: 'user.decide', decision: { kind: 'confirmApproval' } })}
      >
        <Trans>Confirm approval</Trans>
      </Button>
      <Textarea
        label={t`Reason for declining (the reviewers read it)`}
        maxLength={AdminLimits.reasonMaxLength}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={tried && reason.trim() === '' ? t`Please give a reason` : null}
      />
      <Button
        variant="light"
        color="red"
        style={{ alignSelf: 'flex-start' }}
        onClick={() => {
          setTried(true);
          actor.send({ type: 'user.decide', decision: { kind: 'declineApproval', reason } });
        }}
      >
        <Trans>Decline approval</Trans>
      </Button>
    </Stack>
  );
}

function ApprovalLine({ kind, view, reload }: { kind: CaseKind; view: WorkflowView; reload: () => void }) {
  const locale = useLocale();
  const me = useSessionUser()?.userInfo.userId;
  const mayConfirm = useMay('cases.confirm');
  const approval = view.approval;
  if (!approval) return null;
  if (approval.state === 'proposed') {
    const by = approval.proposedBy?.email ?? '';
    const at = approval.proposedAt ? formatTime(approval.proposedAt, locale) : '';
    const own = approval.proposedBy?.userId === me;
    return (
      <Stack gap="xs" data-testid="case-approval">
        <Alert color="blue" variant="light">
          <Text size="sm">
            <Trans>
              Approval proposed by {by} on {at}; it waits for a second person with the approver role.
            </Trans>
          </Text>
          {own ? (
            <Text size="sm">
              <Trans>You proposed it, so someone else must confirm it.</Trans>
            </Text>
          ) : null}
        </Alert>
        {mayConfirm && !own ? <SecondPair kind={kind} view={view} reload={reload} /> : null}
      </Stack>
    );
  }
  if (approval.declined) {
    const by = approval.declined.by?.email ?? '';
    const why = approval.declined.reason ?? '';
    return (
      <Alert color="orange" variant="light" data-testid="case-approval">
        <Text size="sm">
          <Trans>
            The last proposed approval was declined by {by}: {why}
          </Trans>
        </Text>
      </Alert>
    );
  }
  return null;
}

export function CaseWorkflow({
  kind,
  view,
  reload,
}: {
  kind: CaseKind;
  view: WorkflowView;
  reload: () => void;
}) {
  return (
    <Stack gap="xs">
      <ClaimLine kind={kind} view={view} reload={reload} />
      <ApprovalLine kind={kind} view={view} reload={reload} />
    </Stack>
  );
}
