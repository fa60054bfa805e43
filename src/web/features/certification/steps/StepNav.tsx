// Back and Next of a step: the chart says whether each is possible and whether a save is running.
import { Trans } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { CertificationActor } from '../useCertificationActor';

export function StepNav({ actor, nextLabel }: { actor: CertificationActor; nextLabel?: React.ReactNode }) {
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const canBack = useSelector(actor, (s) => s.can({ type: 'step.back' }));
  return (
    <Group justify="space-between" mt="md">
      <Button variant="default" disabled={!canBack || busy} onClick={() => actor.send({ type: 'step.back' })}>
        <Trans>Back</Trans>
      </Button>
      <Button type="submit" loading={busy}>
        {nextLabel ?? <Trans>Next</Trans>}
      </Button>
    </Group>
  );
}
