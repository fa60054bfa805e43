// The phone pages of /identityVerification (spec §2; issue 6 §3), designed for a 375-px screen.
// Every child route renders this screen: the chart says which page the person is on, and moves
// the URL to match ('show page'); the view only renders the state and sends events.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Center, Checkbox, Loader, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Checkbox.css';
import { useSelector } from '@xstate/react';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import { VERIFICATION_LINK_PARAM } from '../../../contract/api/verification';
import { messageFor } from '../../../contract/codes';
import { AgreementText } from './AgreementText';
import type { CameraScreen } from './cameraActor';
import { CameraView } from './CameraView';
import { phoneFlowFor, type PhoneVerificationActorRef } from './phoneVerificationFlow';
import { faceReasonText } from '../verification/faceReasons';
import type { CaptureHint } from '../../../../machines/identityVerification.machine';
import type { FaceChallenge } from '../../../contract/api/verification';
import { challengeStep, challengeWords } from './challengeWords';
import { useDiagnosticSource } from '../support/diagnostics/useDiagnosticSource';

/** Phone-width column: the pages are designed for 375 px and stay readable on wider screens. */
function PhoneColumn({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <Stack gap="md" maw={420} mx="auto" px="md" py="lg" w="100%">
      <Title order={1} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function usePhoneFlow() {
  const token = new URLSearchParams(useSearch()).get(VERIFICATION_LINK_PARAM);
  return phoneFlowFor(token);
}

function FlowMessage({ actor }: { actor: PhoneVerificationActorRef }) {
  const { t, i18n } = useLingui();
  const message = useSelector(actor, (s) => s.context.message);
  if (!message) return null;
  const text =
    message === 'cameraUnavailable'
      ? t`The camera is not available. Take or choose a photo instead.`
      : messageFor(message, i18n.locale === 'zh-cn' ? 'zh-cn' : 'en-us');
  return (
    <Alert role="alert" color={message === 'cameraUnavailable' ? 'blue' : 'red'} variant="light">
      {text}
    </Alert>
  );
}

function CancelButton({ actor }: { actor: PhoneVerificationActorRef }) {
  const can = useSelector(actor, (s) => s.can({ type: 'user.cancel' }));
  const cancelling = useSelector(actor, (s) => s.matches({ flow: 'cancelling' }));
  if (!can && !cancelling) return null;
  return (
    <Button
      variant="subtle"
      color="red"
      fullWidth
      loading={cancelling}
      onClick={() => actor.send({ type: 'user.cancel' })}
    >
      <Trans>Cancel verification</Trans>
    </Button>
  );
}

export function PhoneVerificationScreen() {
  const { actor, screen } = usePhoneFlow();
  useDiagnosticSource('identityVerification', actor);
  return <PhoneVerificationView actor={actor} screen={screen} />;
}

/** Renders the flow's state and sends it events: the running flow, or support's inert replay. */
export function PhoneVerificationView({
  actor,
  screen,
}: {
  actor: PhoneVerificationActorRef;
  screen: CameraScreen;
}) {
  const { t } = useLingui();
  const snapshot = useSelector(actor, (s) => s);
  const { subjectName, companyName } = snapshot.context;

  if (snapshot.matches('checkingLink') || snapshot.matches('opening') || snapshot.matches('routing')) {
    return (
      <PhoneColumn title={<Trans>Identity verification</Trans>}>
        <Center py="xl">
          <Loader aria-label={t`Opening the verification`} />
        </Center>
      </PhoneColumn>
    );
  }
  if (snapshot.matches('openFailed')) {
    return (
      <PhoneColumn title={<Trans>Identity verification</Trans>}>
        <FlowMessage actor={actor} />
        <Button fullWidth onClick={() => actor.send({ type: 'user.retry' })}>
          <Trans>Try again</Trans>
        </Button>
      </PhoneColumn>
    );
  }
  if (snapshot.matches({ flow: 'home' }) || snapshot.matches({ flow: 'cancelling' })) {
    return (
      <PhoneColumn title={<Trans>Identity verification</Trans>}>
        <Text>
          <Trans>
            {subjectName}, {companyName} asks you to verify your identity with a photo of your face.
          </Trans>
        </Text>
        <Text size="sm" c="dimmed">
          <Trans>
            You will agree to the processing of your face image, then take a photo. It takes about a minute.
          </Trans>
        </Text>
        <FlowMessage actor={actor} />
        <Button
          fullWidth
          onClick={() => actor.send({ type: 'user.start' })}
          disabled={!snapshot.can({ type: 'user.start' })}
        >
          <Trans>Start verification</Trans>
        </Button>
        <CancelButton actor={actor} />
      </PhoneColumn>
    );
  }
  if (snapshot.matches({ flow: 'termsAndPrivacy' }) || snapshot.matches({ flow: 'recordingConsent' })) {
    return <TermsAndPrivacy actor={actor} />;
  }
  if (snapshot.matches({ flow: 'agreementDetail' })) {
    return (
      <PhoneColumn title={<Trans>Agreement details</Trans>}>
        <AgreementText />
        <Button fullWidth onClick={() => actor.send({ type: 'user.agree' })}>
          <Trans>I agree</Trans>
        </Button>
        <Button variant="default" fullWidth onClick={() => actor.send({ type: 'user.back' })}>
          <Trans>Back</Trans>
        </Button>
        <CancelButton actor={actor} />
      </PhoneColumn>
    );
  }
  if (snapshot.matches({ flow: 'capture' }) || snapshot.matches({ flow: 'uploading' })) {
    return <Capture actor={actor} screen={screen} />;
  }
  return <Result actor={actor} />;
}

function TermsAndPrivacy({ actor }: { actor: PhoneVerificationActorRef }) {
  const [accepted, setAccepted] = useState(false);
  const { t } = useLingui();
  const recording = useSelector(actor, (s) => s.matches({ flow: 'recordingConsent' }));
  return (
    <PhoneColumn title={<Trans>Terms and privacy</Trans>}>
      <Text>
        <Trans>
          To verify your identity we take a photo of your face and keep it with this company's application. A
          reviewer compares it with the photo in the identity document. We use it for nothing else.
        </Trans>
      </Text>
      <Button variant="subtle" onClick={() => actor.send({ type: 'user.readAgreement' })} px={0}>
        <Trans>Read the full agreement</Trans>
      </Button>
      <FlowMessage actor={actor} />
      <Checkbox
        checked={accepted}
        onChange={(event) => setAccepted(event.currentTarget.checked)}
        label={t`I agree to the processing of my face image for identity verification`}
      />
      <Button
        fullWidth
        disabled={!accepted}
        loading={recording}
        onClick={() => actor.send({ type: 'user.agree' })}
      >
        <Trans>Agree and continue</Trans>
      </Button>
      <Button
        variant="default"
        fullWidth
        onClick={() => actor.send({ type: 'user.back' })}
        disabled={recording}
      >
        <Trans>Back</Trans>
      </Button>
      <CancelButton actor={actor} />
    </PhoneColumn>
  );
}

/** The guidance's words; during the capture, the asked movement's steps with their arrows. */
function useHintText(
  challenge: FaceChallenge | null,
): Record<CaptureHint, { arrow?: string; words: string }> {
  const { t, i18n } = useLingui();
  const asked = challengeWords(i18n, challenge);
  const step = (index: number) => challengeStep(asked, index);
  return {
    noFace: { words: t`Place your face inside the outline` },
    moveCloser: { words: t`Move closer` },
    moreLight: { words: t`More light, please` },
    lookStraight: { words: t`Look straight at the camera` },
    holdStill: { words: t`Hold still` },
    challengeStart: { words: t`Look straight at the camera` },
    challengeFirst: step(0),
    challengeSecond: step(1),
    challengeThird: step(2),
  };
}

/** The movements this attempt asks for, before and while they are captured (the server chose them). */
function ChallengeInstruction({ challenge }: { challenge: FaceChallenge | null }) {
  const { i18n } = useLingui();
  const asked = challengeWords(i18n, challenge);
  return (
    <Text fw={500} ta="center" data-challenge={challenge ?? 'none'}>
      <Text span aria-hidden="true" fz="xl" mr="xs">
        {asked.arrows}
      </Text>
      {asked.instruction}
    </Text>
  );
}

function Capture({ actor, screen }: { actor: PhoneVerificationActorRef; screen: CameraScreen }) {
  const { t } = useLingui();
  const snapshot = useSelector(actor, (s) => s);
  const hintText = useHintText(snapshot.context.challenge);
  const uploading = snapshot.matches({ flow: 'uploading' });
  const capturing = snapshot.matches({ flow: { capture: 'capturingFrames' } });
  const cameraOn =
    snapshot.matches({ flow: { capture: 'guiding' } }) ||
    snapshot.matches({ flow: { capture: 'startingCamera' } }) ||
    capturing;
  const hint = snapshot.context.hint;
  const said = hint ? hintText[hint] : null;
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (file)
      actor.send({ type: 'user.chooseFile', image: { blob: file, type: file.type, size: file.size } });
  };
  return (
    <PhoneColumn title={<Trans>Face capture</Trans>}>
      <Text size="sm">
        <Trans>
          Look straight at the camera in good light, without a hat or sunglasses. Then move your head as
          asked, one step after the other: a few photos are taken during the movement.
        </Trans>
      </Text>
      {uploading ? (
        <Center py="xl">
          <Loader aria-label={t`Checking your photos`} />
        </Center>
      ) : (
        <>
          {cameraOn && <ChallengeInstruction challenge={snapshot.context.challenge} />}
          {cameraOn && <CameraView screen={screen} />}
          {cameraOn && (
            // During the capture each step is due at once: a screen reader says it without waiting.
            <Text
              role="status"
              aria-live={capturing ? 'assertive' : 'polite'}
              fw={700}
              fz={capturing ? 'xl' : undefined}
              ta="center"
              data-hint={hint ?? 'none'}
            >
              {said?.arrow && (
                <Text span aria-hidden="true" fz="xl" mr="xs">
                  {said.arrow}
                </Text>
              )}
              {said ? said.words : t`Starting the camera…`}
            </Text>
          )}
          {cameraOn && (
            <Button
              fullWidth
              onClick={() => actor.send({ type: 'user.takePhoto' })}
              disabled={!snapshot.can({ type: 'user.takePhoto' })}
              loading={capturing}
            >
              <Trans>Start capture</Trans>
            </Button>
          )}
          <FlowMessage actor={actor} />
          <Stack gap={4}>
            <Text component="label" htmlFor="face-file" size="sm" fw={500}>
              <Trans>
                No camera? Take or choose a photo (JPG or PNG, at most 10 MB); a reviewer will check it.
              </Trans>
            </Text>
            <input
              id="face-file"
              type="file"
              accept="image/jpeg,image/png"
              capture="user"
              aria-label={t`Take or choose a photo`}
              onChange={choose}
            />
          </Stack>
        </>
      )}
      <CancelButton actor={actor} />
    </PhoneColumn>
  );
}

function Result({ actor }: { actor: PhoneVerificationActorRef }) {
  const { i18n } = useLingui();
  const snapshot = useSelector(actor, (s) => s);
  const message = snapshot.context.message;
  let body: ReactNode;
  if (snapshot.matches('verified')) {
    body = (
      <Alert role="status" color="green" variant="light" title={<Trans>Verification complete</Trans>}>
        <Trans>Your identity has been verified. You can return to the computer.</Trans>
      </Alert>
    );
  } else if (snapshot.matches('referred')) {
    body = (
      <Alert role="status" color="blue" variant="light" title={<Trans>Sent for review</Trans>}>
        {i18n._(faceReasonText(snapshot.context.outcomeReason))}{' '}
        <Trans>You can return to the computer.</Trans>
      </Alert>
    );
  } else if (snapshot.matches('failedFinal')) {
    body = (
      <Alert role="alert" color="red" variant="light" title={<Trans>Verification failed</Trans>}>
        {i18n._(faceReasonText(snapshot.context.outcomeReason))}{' '}
        <Trans>
          No attempts are left with this code. Generate a new code on the computer and scan it again.
        </Trans>
      </Alert>
    );
  } else if (snapshot.matches({ flow: 'failed' })) {
    const left = snapshot.context.attemptsLeft;
    body = (
      <>
        <Alert role="alert" color="red" variant="light" title={<Trans>Verification failed</Trans>}>
          {i18n._(faceReasonText(snapshot.context.outcomeReason))}{' '}
          <Plural value={left} one="# attempt left." other="# attempts left." />
        </Alert>
        <Button fullWidth onClick={() => actor.send({ type: 'user.retry' })}>
          <Trans>Try again</Trans>
        </Button>
        <CancelButton actor={actor} />
      </>
    );
  } else if (snapshot.matches('expired')) {
    body = (
      <Alert role="alert" color="orange" variant="light" title={<Trans>The code has expired</Trans>}>
        <Trans>Generate a new code on the computer and scan it again.</Trans>
      </Alert>
    );
  } else if (snapshot.matches('cancelled')) {
    body = (
      <Alert role="status" color="gray" variant="light" title={<Trans>Verification cancelled</Trans>}>
        <Trans>To verify later, scan a new code shown on the computer.</Trans>
      </Alert>
    );
  } else {
    // A missing, unknown or used link lands on the home page: it is not a verification result.
    return (
      <PhoneColumn title={<Trans>Identity verification</Trans>}>
        <Alert role="alert" color="red" variant="light" title={<Trans>This link cannot be used</Trans>}>
          {message && message !== 'cameraUnavailable'
            ? messageFor(message, i18n.locale === 'zh-cn' ? 'zh-cn' : 'en-us')
            : null}
        </Alert>
      </PhoneColumn>
    );
  }
  return <PhoneColumn title={<Trans>Verification result</Trans>}>{body}</PhoneColumn>;
}
