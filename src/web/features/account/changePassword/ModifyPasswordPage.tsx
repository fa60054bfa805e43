// /modify-pwd (spec §2, §5, §8): current, new and confirmed password.
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/PasswordInput.css';
import { useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Link } from 'wouter';
import { passwordChangeSchema, type PasswordChangeForm } from '../../../../contract/schemas/passwordChange';
import { PageFrame } from '../../../shell/PageFrame';
import { FlowAlert, useFieldError } from '../../auth/shared/messages';
import { PasswordAdvice } from '../../auth/shared/PasswordAdvice';
import { useChangePasswordActor } from './useChangePasswordActor';

export function ModifyPasswordPage() {
  const change = useChangePasswordActor();
  return <ChangePasswordView change={change} />;
}

/** Renders the flow's state and sends it events: the live actor, or support's inert replay. */
export function ChangePasswordView({ change }: { change: ReturnType<typeof useChangePasswordActor> }) {
  const { t } = useLingui();
  const fieldError = useFieldError();
  const busy = useSelector(change, (s) => s.hasTag('busy'));
  const changed = useSelector(change, (s) => s.matches('changed'));
  const message = useSelector(change, (s) => s.context.message);
  const form = useForm<PasswordChangeForm>({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: zod4Resolver(passwordChangeSchema),
  });
  // React takes `key` only as its own attribute, never spread in: each field passes form.key() itself.
  const field = (name: keyof PasswordChangeForm) => ({
    ...form.getInputProps(name),
    error: fieldError(form.errors[name]),
  });

  return (
    <PageFrame title={<Trans>Change password</Trans>}>
      {changed ? (
        <Stack maw={520}>
          <Alert role="status" color="green" variant="light">
            <Trans>Your password has been changed. Your other sessions have been signed out.</Trans>
          </Alert>
          <Anchor component={Link} href="/user-center">
            <Trans>Back to the user center</Trans>
          </Anchor>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit((v) =>
            change.send({
              type: 'user.submit',
              currentPassword: v.currentPassword,
              newPassword: v.newPassword,
            }),
          )}
        >
          <Stack maw={420} gap="md">
            <PasswordInput
              label={t`Current password`}
              autoComplete="current-password"
              key={form.key('currentPassword')}
              {...field('currentPassword')}
            />
            <PasswordInput
              label={t`New password`}
              autoComplete="new-password"
              key={form.key('newPassword')}
              {...field('newPassword')}
            />
            <PasswordInput
              label={t`Confirm password`}
              autoComplete="new-password"
              key={form.key('confirmPassword')}
              {...field('confirmPassword')}
            />
            <PasswordAdvice />
            <FlowAlert message={message} />
            <Button type="submit" loading={busy}>
              <Trans>Save</Trans>
            </Button>
          </Stack>
        </form>
      )}
    </PageFrame>
  );
}
