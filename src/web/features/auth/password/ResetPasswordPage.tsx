// /resetPassword?token=… (spec §2, §5, §8): the link is checked first; then the new password.
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Loader, PasswordInput, Stack } from '@mantine/core';
import '@mantine/core/styles/PasswordInput.css';
import { useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { messageFor } from '../../../../contract/codes';
import { passwordResetSchema, type PasswordResetForm } from '../../../../contract/schemas/passwordChange';
import { PageFrame } from '../../../shell/PageFrame';
import { FlowAlert, useFieldError, useLocale } from '../shared/messages';
import { PasswordAdvice } from '../shared/PasswordAdvice';
import { useResetPasswordActor } from './useResetPasswordActor';

function NewPasswordForm({ reset }: { reset: ReturnType<typeof useResetPasswordActor> }) {
  const { t } = useLingui();
  const fieldError = useFieldError();
  const busy = useSelector(reset, (s) => s.hasTag('busy'));
  const message = useSelector(reset, (s) => s.context.message);
  const form = useForm<PasswordResetForm>({
    mode: 'uncontrolled',
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: zod4Resolver(passwordResetSchema),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) => reset.send({ type: 'user.submit', newPassword: v.newPassword }))}
    >
      <Stack maw={420} gap="md">
        <PasswordInput
          label={t`New password`}
          autoComplete="new-password"
          key={form.key('newPassword')}
          {...form.getInputProps('newPassword')}
          error={fieldError(form.errors.newPassword)}
        />
        <PasswordInput
          label={t`Confirm password`}
          autoComplete="new-password"
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
          error={fieldError(form.errors.confirmPassword)}
        />
        <PasswordAdvice />
        <FlowAlert message={message} />
        <Button type="submit" loading={busy}>
          <Trans>Reset password</Trans>
        </Button>
      </Stack>
    </form>
  );
}

export function ResetPasswordPage() {
  const search = useSearch();
  // Read once: the chart checks the link it was opened with.
  const [token] = useState(() => new URLSearchParams(search).get('token'));
  const reset = useResetPasswordActor(token);
  return <ResetPasswordView reset={reset} />;
}

/** Renders the flow's state and sends it events: the live actor, or support's inert replay. */
export function ResetPasswordView({ reset }: { reset: ReturnType<typeof useResetPasswordActor> }) {
  const { t } = useLingui();
  const locale = useLocale();
  const state = useSelector(reset, (s) => s.value);

  let body;
  if (state === 'checkingLink' || state === 'start') body = <Loader aria-label={t`Checking the link`} />;
  else if (state === 'linkExpired' || state === 'linkInvalid')
    body = (
      <Stack maw={520}>
        <Alert role="alert" color="red" variant="light">
          {messageFor(state === 'linkExpired' ? 'resetLinkExpired' : 'resetLinkInvalid', locale)}
        </Alert>
        <Anchor component={Link} href="/forgot">
          <Trans>Request a new reset link</Trans>
        </Anchor>
      </Stack>
    );
  else if (state === 'checkFailed')
    body = (
      <Stack maw={520}>
        <Alert role="alert" color="red" variant="light">
          {messageFor('internal', locale)}
        </Alert>
        <Button w="fit-content" onClick={() => reset.send({ type: 'user.retry' })}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    );
  else if (state === 'done') body = null;
  else body = <NewPasswordForm reset={reset} />;

  return <PageFrame title={<Trans>Reset password</Trans>}>{body}</PageFrame>;
}
