// Stage 3: the activation mail (a link valid 24 hours) and its resend.
import { Trans } from '@lingui/react/macro';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { Limits } from '../../../../contract/limits';
import type { RegistrationActorRef } from './useRegistrationActor';

export function ActivationStep({ registration }: { registration: RegistrationActorRef }) {
  const email = useSelector(registration, (s) => s.context.info?.email ?? '');
  const resending = useSelector(registration, (s) => s.hasTag('busy'));
  const hours = Limits.activationLink.validMs / 3_600_000;
  return (
    <Stack maw={520} gap="md">
      <Text>
        <Trans>
          We sent an activation link to {email}. Open it within {hours} hours to activate your account.
        </Trans>
      </Text>
      <Button
        variant="light"
        loading={resending}
        onClick={() => registration.send({ type: 'user.resendActivation' })}
        w="fit-content"
      >
        <Trans>Resend activation mail</Trans>
      </Button>
      <Anchor component={Link} href="/login">
        <Trans>Go to log in</Trans>
      </Anchor>
    </Stack>
  );
}
