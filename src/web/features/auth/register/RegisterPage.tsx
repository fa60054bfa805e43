// /register (spec §2): three stages on a stepper, driven by the registration chart.
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Stack, Stepper } from '@mantine/core';
import '@mantine/core/styles/Stepper.css';
import { useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { PageFrame } from '../../../shell/PageFrame';
import { FlowAlert } from '../shared/messages';
import { ActivationStep } from './ActivationStep';
import { RegistrationInfoStep } from './RegistrationInfoStep';
import { saveRegistrationDraft, storedRegistrationDraft, type RegistrationDraft } from './registrationDraft';
import { storedInvitationCode, useRegistrationActor } from './useRegistrationActor';
import { useRegistrationHistory } from './useRegistrationHistory';
import { VerificationStep } from './VerificationStep';

export function RegisterPage() {
  const { registration, captcha } = useRegistrationActor();
  const [invitationCode] = useState(storedInvitationCode);
  // Issue 17 §3: a refresh keeps what was typed (never the password); Back and Forward move between stages.
  const [draft] = useState(storedRegistrationDraft);
  useRegistrationHistory(registration);
  return (
    <RegisterView
      registration={registration}
      captcha={captcha}
      invitationCode={invitationCode}
      draft={draft}
      onDraft={saveRegistrationDraft}
    />
  );
}

type RegistrationActors = ReturnType<typeof useRegistrationActor>;

/** Renders the registration state and sends it events: the live actors, or support's inert replay. */
export function RegisterView({
  registration,
  captcha,
  invitationCode,
  draft = null,
  onDraft,
}: RegistrationActors & {
  invitationCode: string;
  draft?: RegistrationDraft | null;
  onDraft?: (values: Record<string, unknown>) => void;
}) {
  const { t } = useLingui();
  const stage = useSelector(registration, (s) => (s.matches('info') ? 0 : s.matches('activation') ? 2 : 1));
  const alreadyRegistered = useSelector(registration, (s) => s.matches('alreadyRegistered'));
  const info = useSelector(registration, (s) => s.context.info);
  const message = useSelector(registration, (s) => s.context.message);
  const informational = message === 'emailRegisteredNotActivated' || message === 'activationResent';
  // The password stays with the form, in memory, until the code stage sends it with the code: the
  // chart never holds it (issue 19 §5), so no snapshot, diagnostic or support replay can carry it.
  const password = useRef('');

  return (
    <PageFrame title={<Trans>Register</Trans>}>
      <Stepper active={stage} allowNextStepsSelect={false}>
        <Stepper.Step label={t`Registration info`} />
        <Stepper.Step label={t`Information verification`} />
        <Stepper.Step label={t`Email activation`} />
      </Stepper>
      <FlowAlert message={message} tone={informational ? 'info' : 'error'} />
      {alreadyRegistered ? (
        <Anchor component={Link} href="/login">
          <Trans>Go to log in</Trans>
        </Anchor>
      ) : stage === 0 ? (
        <RegistrationInfoStep
          initial={info ?? draft}
          invitationCode={invitationCode}
          onDraft={onDraft}
          captcha={captcha}
          onSubmit={(values) => {
            password.current = values.password;
            registration.send({ type: 'user.submitInfo', info: values });
          }}
        />
      ) : stage === 1 ? (
        <VerificationStep registration={registration} password={() => password.current} />
      ) : (
        <ActivationStep registration={registration} />
      )}
      <Stack gap={0}>
        {stage === 0 ? (
          <Anchor component={Link} href="/login" size="sm">
            <Trans>Already have an account? Log in</Trans>
          </Anchor>
        ) : null}
      </Stack>
    </PageFrame>
  );
}
