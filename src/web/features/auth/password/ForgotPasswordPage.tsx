// /forgot (spec §2): email and slider; then "a mail was sent".
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Link } from 'wouter';
import { inMinutes, Limits } from '../../../../contract/limits';
import { formObject, emailField } from '../../../../contract/schemas/fields';
import { PageFrame } from '../../../shell/PageFrame';
import { SliderCaptcha } from '../../captcha/SliderCaptcha';
import { FlowAlert, useFieldError } from '../shared/messages';
import { useForgotPasswordActor } from './useForgotPasswordActor';

const forgotFormSchema = formObject({ email: emailField });

export function ForgotPasswordPage() {
  const { forgot, captcha } = useForgotPasswordActor();
  return <ForgotPasswordView forgot={forgot} captcha={captcha} />;
}

/** Renders the flow's state and sends it events: the live actors, or support's inert replay. */
export function ForgotPasswordView({ forgot, captcha }: ReturnType<typeof useForgotPasswordActor>) {
  const { t } = useLingui();
  const fieldError = useFieldError();
  const busy = useSelector(forgot, (s) => s.hasTag('busy'));
  const mailSent = useSelector(forgot, (s) => s.matches('mailSent'));
  const message = useSelector(forgot, (s) => s.context.message);
  const form = useForm<{ email: string }>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: zod4Resolver(forgotFormSchema),
  });
  const minutes = inMinutes(Limits.resetLink.validMs);

  return (
    <PageFrame title={<Trans>Forgot password</Trans>}>
      {mailSent ? (
        <Stack maw={520}>
          <Alert role="status" color="green" variant="light">
            <Trans>
              A mail with a link to reset your password has been sent. The link is valid for {minutes}{' '}
              minutes.
            </Trans>
          </Alert>
          <Anchor component={Link} href="/login">
            <Trans>Go to log in</Trans>
          </Anchor>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit((values) =>
            forgot.send({ type: 'user.submit', email: values.email.trim() }),
          )}
        >
          <Stack maw={420} gap="md">
            <TextInput
              label={t`Email`}
              type="email"
              autoComplete="email"
              key={form.key('email')}
              {...form.getInputProps('email')}
              error={fieldError(form.errors.email)}
            />
            <SliderCaptcha actorRef={captcha} />
            <FlowAlert message={message} />
            <Button type="submit" loading={busy}>
              <Trans>Send reset link</Trans>
            </Button>
            <Anchor component={Link} href="/login" size="sm">
              <Trans>Back to log in</Trans>
            </Anchor>
          </Stack>
        </form>
      )}
    </PageFrame>
  );
}
