// /activateAccount?token=… (spec §2, §8): success, expired (resend to an email), already
// activated, or not valid.
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Loader, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { messageFor } from '../../../../contract/codes';
import { emailField, formObject } from '../../../../contract/schemas/fields';
import { PageFrame } from '../../../shell/PageFrame';
import { FlowAlert, useFieldError, useLocale } from '../shared/messages';
import { Limits, Time } from '../../../../contract/limits';

/** The activation link lifetime in hours, for the "resent" note. */
const hours = Limits.activationLink.validMs / Time.HOUR;
import { useActivationActor } from './useActivationActor';

const resendSchema = formObject({ email: emailField });

function LoginLink() {
  return (
    <Anchor component={Link} href="/login">
      <Trans>Go to log in</Trans>
    </Anchor>
  );
}

function ResendForm({ activation }: { activation: ReturnType<typeof useActivationActor> }) {
  const { t } = useLingui();
  const fieldError = useFieldError();
  const busy = useSelector(activation, (s) => s.hasTag('busy'));
  const message = useSelector(activation, (s) => s.context.message);
  const form = useForm<{ email: string }>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: zod4Resolver(resendSchema),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) => activation.send({ type: 'user.resend', email: v.email.trim() }))}
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
        <FlowAlert message={message} />
        <Button type="submit" loading={busy}>
          <Trans>Resend activation mail</Trans>
        </Button>
      </Stack>
    </form>
  );
}

export function ActivateAccountPage() {
  const search = useSearch();
  const [token] = useState(() => new URLSearchParams(search).get('token'));
  const activation = useActivationActor(token);
  return <ActivationView activation={activation} />;
}

/** Renders the flow's state and sends it events: the live actor, or support's inert replay. */
export function ActivationView({ activation }: { activation: ReturnType<typeof useActivationActor> }) {
  const { t } = useLingui();
  const locale = useLocale();
  const state = useSelector(activation, (s) => s.value);
  // Keyed: most states show the note in a list beside a link or a form.
  const note = (tone: 'green' | 'red' | 'blue', text: string) => (
    <Alert key="note" role={tone === 'red' ? 'alert' : 'status'} color={tone} variant="light">
      {text}
    </Alert>
  );

  let body;
  switch (state) {
    case 'activated':
      body = [note('green', messageFor('activationSuccess', locale)), <LoginLink key="login" />];
      break;
    case 'alreadyActivated':
      body = [note('blue', messageFor('alreadyActivated', locale)), <LoginLink key="login" />];
      break;
    case 'invalid':
      body = note('red', messageFor('activationLinkInvalid', locale));
      break;
    case 'expired':
    case 'resending':
      body = [
        note('red', messageFor('activationExpired', locale)),
        <ResendForm key="resend" activation={activation} />,
      ];
      break;
    case 'resent':
      body = note('green', t`A new activation mail has been sent. The link is valid for ${hours} hours.`);
      break;
    case 'failed':
      body = [
        note('red', messageFor('internal', locale)),
        <Button key="retry" w="fit-content" onClick={() => activation.send({ type: 'user.retry' })}>
          <Trans>Try again</Trans>
        </Button>,
      ];
      break;
    default:
      body = <Loader aria-label={t`Activating your account`} />;
  }

  return (
    <PageFrame title={<Trans>Activate your account</Trans>}>
      <Stack maw={520}>{body}</Stack>
    </PageFrame>
  );
}
