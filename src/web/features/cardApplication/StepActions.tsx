// The buttons under every step: back, temporary save, and the step's forward action.
import { Trans } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { CardApplicationActor } from './cardApplicationActor';

export function StepActions({ actor, forward }: { actor: CardApplicationActor; forward: ReactNode }) {
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const canBack = useSelector(actor, (s) => s.can({ type: 'user.back' }));
  const canSave = useSelector(actor, (s) => s.can({ type: 'user.save' }));
  return (
    <Group justify="space-between">
      <Button variant="default" disabled={!canBack} onClick={() => actor.send({ type: 'user.back' })}>
        <Trans>Previous step</Trans>
      </Button>
      <Group>
        <Button
          variant="light"
          disabled={!canSave}
          loading={saving}
          onClick={() => actor.send({ type: 'user.save' })}
        >
          <Trans>Save</Trans>
        </Button>
        {forward}
      </Group>
    </Group>
  );
}
