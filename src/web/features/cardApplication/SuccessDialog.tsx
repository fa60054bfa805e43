// Spec §2: a success dialog after submit; closing it goes to the gateway.
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { CardApplicationActor } from './cardApplicationActor';

export function SuccessDialog({ actor }: { actor: CardApplicationActor }) {
  const { t } = useLingui();
  const opened = useSelector(actor, (s) => s.matches('submitted'));
  const close = () => actor.send({ type: 'user.closeSuccess' });
  return (
    <Modal opened={opened} onClose={close} title={t`Application submitted`} centered>
      <Stack gap="md">
        <Text>
          <Trans>
            Your card-issuing application has been submitted. The review result will be sent to you by email.
          </Trans>
        </Text>
        <Group justify="flex-end">
          <Button onClick={close}>
            <Trans>Back to home</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
