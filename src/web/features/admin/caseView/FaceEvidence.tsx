// The authorizer's face check as evidence (issue 16 §5): what the engine decided and why, its score,
// the liveness result and the engine, the frames beside the ID photo (the caller places it), and a
// reviewer's decision on a referred check, which always takes a written reason.
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, SimpleGrid, Stack, Table, Text, Textarea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { FaceEvidence as Evidence } from '../../../../contract/api/admin';
import { messageFor } from '../../../../contract/codes';
import { Limits } from '../../../../contract/limits';
import { useLocale } from '../../auth/shared/messages';
import { faceReasonText } from '../../verification/faceReasons';
import { adminApi } from '../adminApi';
import { formatTime } from '../formatTime';
import { FACE_OVERRIDE_REASON_ID } from './ApprovalBlockNotice';
import { DocumentPreview } from './DocumentPreview';
import { useFaceOverrideActor } from './useFaceOverrideActor';

function useOutcomeLabel(): (outcome: string | null) => string {
  const { t } = useLingui();
  return (outcome) => {
    switch (outcome) {
      case 'verified':
        return t`Verified`;
      case 'failed':
        return t`Failed`;
      case 'referred':
        return t`Referred to review`;
      default:
        return t`Not decided`;
    }
  };
}

export function FaceFrames({ face }: { face: Evidence }) {
  const { t } = useLingui();
  if (face.frames.length === 0) {
    return (
      <Alert variant="light">
        {face.framesPurgedAt ? (
          <Trans>The capture frames were deleted after the retention period.</Trans>
        ) : (
          <Trans>No capture frames for this check.</Trans>
        )}
      </Alert>
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, md: 3 }} data-testid="face-frames">
      {face.frames.map((frame, i) => (
        <DocumentPreview key={frame.fileId} document={frame} caption={t`Capture frame ${i + 1}`} />
      ))}
    </SimpleGrid>
  );
}

export function FaceCheckFacts({ face }: { face: Evidence }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const outcomeLabel = useOutcomeLabel();
  const liveness = face.liveness;
  const rows: Array<[string, string]> = [
    [t`Outcome`, outcomeLabel(face.outcome)],
    [t`Reason`, face.reason ? i18n._(faceReasonText(face.reason)) : '—'],
    [t`Match score`, face.score === null ? '—' : face.score.toFixed(3)],
    [
      t`Liveness`,
      liveness
        ? liveness.passed
          ? t`Passed (head turn: yaw ${liveness.yawRangeDeg.toFixed(1)}°, pitch ${liveness.pitchRangeDeg.toFixed(1)}°, ${liveness.frames} frames)`
          : t`Not passed (head turn: yaw ${liveness.yawRangeDeg.toFixed(1)}°, pitch ${liveness.pitchRangeDeg.toFixed(1)}°, ${liveness.frames} frames)`
        : '—',
    ],
    [t`Face engine`, face.engineName ? `${face.engineName} ${face.engineVersion ?? ''}`.trim() : '—'],
  ];
  if (face.review) {
    const decision = face.review.decision === 'confirm' ? t`Confirmed` : t`Rejected`;
    rows.push([
      t`Reviewer's decision`,
      `${decision} — ${face.review.reason} (${face.review.by?.email ?? '—'}, ${formatTime(face.review.at, locale)})`,
    ]);
  }
  return (
    <Table aria-label={t`Face check`} withRowBorders={false}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * Confirm or reject a referred check. The reason's rule (the contract's, which the server applies
 * too) and the form's lifecycle live in machines/faceOverride; this view shows them.
 */
export function FaceOverride({ caseId, reload }: { caseId: string; reload: () => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const actor = useFaceOverrideActor({ api: adminApi, caseId, reload });
  const reason = useSelector(actor, (s) => s.context.reason);
  const message = useSelector(actor, (s) => s.context.message);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const decide = (decision: 'confirm' | 'reject') => actor.send({ type: 'user.decide', decision });
  return (
    <Stack gap="xs">
      <Text size="sm">
        <Trans>
          This face check was referred to review. Compare the frames with the ID photo and decide.
        </Trans>
      </Text>
      <Textarea
        id={FACE_OVERRIDE_REASON_ID}
        label={t`Reason for the face decision`}
        value={reason}
        maxLength={Limits.face.overrideReasonMaxLength}
        error={message ? messageFor(message, locale) : null}
        onChange={(event) => actor.send({ type: 'user.editReason', reason: event.currentTarget.value })}
        rows={3}
      />
      <Group>
        {/* teal.9, as Approve: white text on it meets 4.5:1 (green's shades up to 9 do not). */}
        <Button color="teal.9" loading={busy} onClick={() => decide('confirm')}>
          <Trans>Confirm the face</Trans>
        </Button>
        <Button color="red" variant="outline" loading={busy} onClick={() => decide('reject')}>
          <Trans>Reject the face</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
