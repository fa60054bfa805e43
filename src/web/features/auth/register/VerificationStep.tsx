// Stage 2: the emailed code. Sending, the resend cooldown and the code's 3 minutes are the
// chart's; the view shows them and sends what the user does.
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { inMinutes, Limits } from '../../../../contract/limits';
import { emailCodeSchema, type EmailCodeForm } from '../../../../contract/schemas/emailCode';
import { useFieldError } from '../shared/messages';
import type { RegistrationActorRef } from './useRegistrationActor';
import { useSecondsLeft } from '../../../shell/useSecondsLeft';

export function VerificationStep({
  registration,
  password,
}: {
  registration: RegistrationActorRef;
  /** The password typed at stage 1, kept by the page (never by the chart). */
  password: () => string;
}) {
  const { t } = useLingui();
  const fieldError = useFieldError();
  const email = useSelector(registration, (s) => s.context.info?.email ?? '');
  const sentAt = useSelector(registration, (s) => s.context.codeSentAt);
  const sending = useSelector(registration, (s) => s.matches({ verification: { code: 'sending' } }));
  const registering = useSelector(registration, (s) =>
    s.matches({ verification: { submission: 'registering' } }),
  );
  const maySend = useSelector(registration, (s) => s.can({ type: 'user.sendCode' }));
  const coolingDown = useSelector(registration, (s) => s.matches({ verification: { code: 'fresh' } }));
  // An expired code reads differently from one that may merely be resent: say it before a click.
  const expired = useSelector(registration, (s) => s.matches({ verification: { code: 'expired' } }));
  const secondsLeft = useSecondsLeft(
    coolingDown && sentAt !== null ? sentAt + Limits.emailCode.resendAfterMs : null,
  );
  const form = useForm<EmailCodeForm>({
    mode: 'uncontrolled',
    initialValues: { code: '' },
    validate: zod4Resolver(emailCodeSchema),
  });
  const minutes = inMinutes(Limits.emailCode.validMs);

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        registration.send({ type: 'user.submitCode', code: values.code.trim(), password: password() }),
      )}
    >
      <Stack maw={420} gap="md">
        <Text>
          <Trans>
            We send a verification code to {email}. It is valid for {minutes} minutes.
          </Trans>
        </Text>
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label={t`Verification code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={Limits.emailCode.digits}
            key={form.key('code')}
            {...form.getInputProps('code')}
            error={fieldError(form.errors.code)}
            style={{ flex: 1 }}
          />
          <Button
            variant="light"
            loading={sending}
            disabled={!maySend}
            onClick={() => registration.send({ type: 'user.sendCode' })}
          >
            {coolingDown ? t`Resend in ${secondsLeft} s` : sentAt === null ? t`Send code` : t`Resend code`}
          </Button>
        </Group>
        {expired ? (
          <Text c="orange.9" role="status">
            <Trans>The code has expired. Send a new one.</Trans>
          </Text>
        ) : null}
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => registration.send({ type: 'user.back' })}>
            <Trans>Back</Trans>
          </Button>
          <Button type="submit" loading={registering}>
            <Trans>Register</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
