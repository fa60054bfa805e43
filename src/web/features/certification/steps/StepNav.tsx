// Back and Next of a step: the chart says whether each is possible and whether a save is running.
import { Trans } from '@lingui/react/macro';
import { Alert, Button, Group } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import { useSelector } from '@xstate/react';
import { validationMessage } from '../../../../contract/validationMessages';
import { useLocale } from '../../auth/shared/messages';
import type { CertificationActor } from '../useCertificationActor';

export function StepNav({
  actor,
  nextLabel,
  blocked = 0,
}: {
  actor: CertificationActor;
  nextLabel?: React.ReactNode;
  /** Non-zero while the browser-side check blocks the step: the how-many-th blocked attempt. */
  blocked?: number;
}) {
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const canBack = useSelector(actor, (s) => s.can({ type: 'step.back' }));
  // Changed in another tab: nothing can be saved until the latest version is loaded (ConflictNotice).
  const conflict = useSelector(actor, (s) => s.hasTag('conflict'));
  const locale = useLocale();
  return (
    <>
      {blocked > 0 ? (
        // A new key per blocked attempt: a fresh alert is announced again (spec §5 message).
        <Alert key={blocked} role="alert" color="red" variant="light" mt="md">
          {validationMessage('form.incomplete', locale)}
        </Alert>
      ) : null}
      <Group justify="space-between" mt="md">
        <Button
          variant="default"
          disabled={!canBack || busy}
          onClick={() => actor.send({ type: 'step.back' })}
        >
          <Trans>Back</Trans>
        </Button>
        <Button type="submit" loading={busy} disabled={conflict}>
          {nextLabel ?? <Trans>Next</Trans>}
        </Button>
      </Group>
    </>
  );
}
