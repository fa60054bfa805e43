// Why an approval cannot be proposed or confirmed now (issue 28 §5), said where the approve and
// confirm buttons are: the server's own message for the block (codes.ts) and, while the face check
// waits for a reviewer, the way to the face-override form that lifts it.
import { Trans } from '@lingui/react/macro';
import { Alert, Button, Stack, Text } from '@mantine/core';
import type { CertificationApprovalBlock } from '../../../../contract/api/admin';
import { messageFor } from '../../../../contract/codes';
import { useLocale } from '../../auth/shared/messages';
import { useMay } from '../backOfficeAccess';

/** The face-override form's reason box (FaceEvidence.tsx): where "go to the face check" lands. */
export const FACE_OVERRIDE_REASON_ID = 'face-override-reason';

function goToFaceOverride(): void {
  const box = document.getElementById(FACE_OVERRIDE_REASON_ID);
  if (!box) return;
  box.scrollIntoView({ block: 'center' });
  box.focus();
}

export function ApprovalBlockNotice({ block }: { block: CertificationApprovalBlock }) {
  const locale = useLocale();
  // The form is offered to those who decide faces (issue 21 §4); an approver reads the reason only.
  const mayOverride = useMay('cases.decide');
  return (
    <Alert color="orange" variant="light" data-testid="approval-block">
      <Stack gap="xs">
        <Text size="sm">{messageFor(block, locale)}</Text>
        {block === 'faceReviewPending' && mayOverride ? (
          <Button size="xs" variant="default" style={{ alignSelf: 'flex-start' }} onClick={goToFaceOverride}>
            <Trans>Go to the face check</Trans>
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
