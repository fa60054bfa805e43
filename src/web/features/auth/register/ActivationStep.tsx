// Stage 3: the activation mail (a link valid 24 hours) and its resend.
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { inHours, Limits } from '../../../../contract/limits';
import type { RegistrationActorRef } from './useRegistrationActor';

/** The wall-clock time a refused resend becomes possible again, in the page's language. */
function useRetryTime(at: number | null): string | null {
  const { i18n } = useLingui();
  if (at === null) return null;
  return new Date(at).toLocaleTimeString(i18n.locale === 'zh-cn' ? 'zh-CN' : 'en-US', {
    hour: '2-digit',
    minute: '2-digit',
  });
}

export function ActivationStep({ registration }: { registration: RegistrationActorRef }) {
  const email = useSelector(registration, (s) => s.context.info?.email ?? '');
  const resending = useSelector(registration, (s) => s.hasTag('busy'));
  const mayResend = useSelector(registration, (s) => s.can({ type: 'user.resendActivation' }));
  const retryTime = useRetryTime(useSelector(registration, (s) => s.context.resendRetry?.at ?? null));
  const hours = inHours(Limits.activationLink.validMs);
  return (
    <Stack maw={520} gap="md">
      <Text>
        <Trans>
          We sent an activation link to {email}. Open it within {hours} hours to activate your account.
        </Trans>
      </Text>
      {retryTime ? (
        <Text c="red.8">
          <Trans>You can send the activation mail again at {retryTime}.</Trans>
        </Text>
      ) : null}
      <Button
        variant="light"
        loading={resending}
        disabled={!mayResend && !resending}
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
