// /login (spec §2, §5): email, password, the slider; links to register and forgot password.
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import '@mantine/core/styles/PasswordInput.css';
import { useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { loginFormErrors, type LoginFormValues } from '../../../../contract/validators/loginForm';
import { PageFrame } from '../../../shell/PageFrame';
import { SliderCaptcha } from '../../captcha/SliderCaptcha';
import { FlowAlert, useFieldError } from '../shared/messages';
import { useLoginActor } from './useLoginActor';

export function LoginPage() {
  const { login, captcha } = useLoginActor();
  return <LoginView login={login} captcha={captcha} />;
}

type LoginActors = ReturnType<typeof useLoginActor>;

/** Renders the login state and sends it events: the live actors, or support's inert replay. */
export function LoginView({ login, captcha }: LoginActors) {
  const { t } = useLingui();
  const fieldError = useFieldError();
  const busy = useSelector(login, (s) => s.hasTag('busy'));
  const message = useSelector(login, (s) => s.context.message);
  const form = useForm<LoginFormValues>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: loginFormErrors,
  });

  return (
    <PageFrame title={<Trans>Log in</Trans>}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          login.send({ type: 'user.submit', email: values.email.trim(), password: values.password }),
        )}
      >
        <Stack maw={420} gap="md">
          <TextInput
            label={t`Email`}
            autoComplete="username"
            key={form.key('email')}
            {...form.getInputProps('email')}
            error={fieldError(form.errors.email)}
          />
          <PasswordInput
            label={t`Password`}
            autoComplete="current-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
            error={fieldError(form.errors.password)}
          />
          <SliderCaptcha actorRef={captcha} />
          <FlowAlert message={message} />
          <Button type="submit" loading={busy}>
            <Trans>Log in</Trans>
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} href="/register">
              <Trans>Register</Trans>
            </Anchor>
            <Anchor component={Link} href="/forgot">
              <Trans>Forgot password?</Trans>
            </Anchor>
          </Group>
        </Stack>
      </form>
    </PageFrame>
  );
}
