// The desktop QR verification dialog (spec §4, docs/product-rules.md "QR verification", issue 6 §2).
//
// How to embed it:
// - Inside a parent chart (the certification wizard's authorizer step): invoke
//   `qrVerificationMachine` (machines/qrVerification.machine.ts) with `id: 'qrVerification'` and
//   `input: { subjectName }`; in the parent's hook provide it:
//     wizardMachine.provide({ actors: { <src name>: provideQrVerification(appQrVerificationDeps(copyLink)) } })
//   with `copyLink = useCopyLink()` (./useQrVerificationActor). Render the child while it runs:
//     const child = useSelector(wizardRef, (s) => s.children.qrVerification as QrVerificationActorRef | undefined);
//     {child && <QrVerificationDialog actor={child} />}
//   The parent's onDone gets `{ result: 'verified' | 'referred', sessionId } | { result: 'closed' }`;
//   proceed to submit on 'verified' or 'referred' (issue 16 §3: referred goes to a reviewer); a phone
//   cancel, an expiry or a failed check with no attempt left keeps the child running until a new scan.
// - On its own: `const actor = useQrVerificationActor(subjectName); <QrVerificationDialog actor={actor} />`.
// The dialog renders while the chart runs and disappears when it finishes (verified or closed).
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { qrVerificationMachine } from '../../../../machines/qrVerification.machine';
import { messageFor } from '../../../contract/codes';
import { CopyDiagnosticInfoButton } from '../support/diagnostics/CopyDiagnosticInfoButton';
import { faceReasonText } from './faceReasons';
import { QrCodeImage } from './QrCodeImage';
import { formatMinutesSeconds, useSecondsLeft } from '../../shell/useSecondsLeft';

export type QrVerificationActorRef = ActorRefFrom<typeof qrVerificationMachine>;

export function QrVerificationDialog({ actor }: { actor: QrVerificationActorRef }) {
  const { t } = useLingui();
  const snapshot = useSelector(actor, (s) => s);
  const running = snapshot.status === 'active';
  const mayClose = snapshot.can({ type: 'user.close' });
  const close = () => {
    if (actor.getSnapshot().can({ type: 'user.close' })) actor.send({ type: 'user.close' });
  };

  return (
    <Modal
      opened={running}
      onClose={close}
      title={t`Identity verification`}
      centered
      // While the phone verifies the dialog cannot be closed: no button, no Escape, no outside click.
      withCloseButton={mayClose}
      closeOnEscape={mayClose}
      closeOnClickOutside={mayClose}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <Stack gap="md" align="stretch">
        <QrVerificationPanel actor={actor} />
        <CopyDiagnosticInfoButton />
      </Stack>
    </Modal>
  );
}

/** The dialog's content without the modal: support's replay shows it in place, inside its frame. */
export function QrVerificationPanel({ actor }: { actor: QrVerificationActorRef }) {
  const { i18n } = useLingui();
  const message = useSelector(actor, (s) => s.context.message);
  const locale = i18n.locale === 'zh-cn' ? 'zh-cn' : 'en-us';
  return (
    <>
      {message && (
        <Alert role="alert" color="red" variant="light">
          {messageFor(message, locale)}
        </Alert>
      )}
      <DialogBody actor={actor} />
    </>
  );
}

function DialogBody({ actor }: { actor: QrVerificationActorRef }) {
  const { t, i18n } = useLingui();
  const snapshot = useSelector(actor, (s) => s);
  const { code, scan, subjectName } = snapshot.context;
  const regenerateAt =
    code && snapshot.matches({ active: { waitingForScan: 'notRenewable' } })
      ? code.shownAt + code.regenerateInMs
      : null;
  const secondsToRegenerate = useSecondsLeft(regenerateAt);
  const expiresAt = scan && snapshot.matches({ active: 'scanned' }) ? scan.seenAt + scan.validForMs : null;
  const validFor = formatMinutesSeconds(useSecondsLeft(expiresAt));
  const canRegenerate = snapshot.can({ type: 'user.regenerate' });
  const regenerate = (
    <Button
      onClick={() => actor.send({ type: 'user.regenerate' })}
      disabled={!canRegenerate}
      loading={snapshot.matches('regenerating')}
    >
      <Trans>Generate a new code</Trans>
    </Button>
  );

  if (snapshot.matches('creating')) {
    return (
      <Center py="xl">
        <Loader aria-label={t`Preparing the code`} />
      </Center>
    );
  }
  if (snapshot.matches('creationFailed')) {
    return (
      <Group justify="flex-end">
        <Button variant="default" onClick={() => actor.send({ type: 'user.close' })}>
          <Trans>Cancel</Trans>
        </Button>
        <Button onClick={() => actor.send({ type: 'user.retry' })}>
          <Trans>Try again</Trans>
        </Button>
      </Group>
    );
  }
  if (snapshot.matches('cancelled') || snapshot.matches('expired')) {
    return (
      <Stack gap="sm">
        <Text role="status" fw={500}>
          {snapshot.matches('cancelled') ? (
            <Trans>
              Verification was cancelled on the phone. A new scan is needed before you can submit.
            </Trans>
          ) : (
            <Trans>The code has expired. Generate a new code and scan it again.</Trans>
          )}
        </Text>
        <Group justify="flex-end">{regenerate}</Group>
      </Stack>
    );
  }
  if (snapshot.matches('failedFinal')) {
    return (
      <Stack gap="sm">
        <Text role="status" fw={500}>
          <Trans>The face check failed on the phone and no attempts are left with this code.</Trans>
        </Text>
        <Alert color="red" variant="light">
          {i18n._(faceReasonText(snapshot.context.outcomeReason))}
        </Alert>
        <Group justify="flex-end">{regenerate}</Group>
      </Stack>
    );
  }
  if (snapshot.matches({ active: 'scanned' })) {
    return (
      <Stack gap="sm">
        <Text role="status" fw={500}>
          {snapshot.matches({ active: { scanned: 'verifying' } }) ? (
            <Trans>The phone is verifying. Please keep this window open.</Trans>
          ) : snapshot.matches({ active: { scanned: 'failed' } }) ? (
            <>
              <Trans>Verification failed on the phone. It can try again.</Trans>{' '}
              {i18n._(faceReasonText(snapshot.context.outcomeReason))}
            </>
          ) : (
            <Trans>The code was scanned. Please continue on the phone.</Trans>
          )}
        </Text>
        <Text size="sm" c="dimmed">
          <Trans>Valid for {validFor}</Trans>
        </Text>
      </Stack>
    );
  }
  // The code on screen (also while a new one is being made).
  return (
    <Stack gap="sm" align="center">
      <Text>
        <Trans>{subjectName}: scan this code with your phone's camera to verify your identity.</Trans>
      </Text>
      {code && <QrCodeImage link={code.link} label={t`QR code for identity verification`} />}
      <Group justify="center">
        <Button
          variant="default"
          onClick={() => actor.send({ type: 'user.copyLink' })}
          disabled={!snapshot.can({ type: 'user.copyLink' })}
        >
          <Trans>Copy link</Trans>
        </Button>
        {regenerate}
      </Group>
      {!canRegenerate && regenerateAt !== null && (
        <Text size="sm" c="dimmed" role="timer">
          <Trans>A new code can be generated in {secondsToRegenerate} s</Trans>
        </Text>
      )}
    </Stack>
  );
}
