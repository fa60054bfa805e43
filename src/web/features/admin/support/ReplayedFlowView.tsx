// The real view of the snapshot's flow, rendered from an inert actor restored from the snapshot
// (issue 9 §4). The actor lives while this component shows that snapshot.
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import type { AnyActorRef } from 'xstate';
import type { MachineRegistryEntry } from '../../../../../machines/registry';
import { startInertReplay } from './inertReplayActor';
import { ReadOnlyReplayFrame } from './ReadOnlyReplayFrame';
import { createReplayUploads } from './replayUploads';
import { replayViewFor } from './replayViews';

export function ReplayedFlowView({ entry, snapshot }: { entry: MachineRegistryEntry; snapshot: unknown }) {
  const { t } = useLingui();
  const View = replayViewFor(entry.id);
  const [replay, setReplay] = useState<{ actor: AnyActorRef | null } | null>(null);
  const transport = useMemo(() => createReplayUploads(t`Redacted file`), [t]);

  useEffect(() => {
    if (!View) return;
    const actor = startInertReplay(entry.machine, snapshot);
    setReplay({ actor });
    return () => {
      actor?.stop();
      setReplay(null);
    };
  }, [View, entry, snapshot]);

  if (!View)
    return (
      <Text c="dimmed">
        <Trans>
          The "{entry.id}" flow has no replayable view: its state is shown on the diagram and in the context.
        </Trans>
      </Text>
    );
  if (!replay) return null;
  if (!replay.actor)
    return (
      <Alert role="alert" color="red" variant="light">
        <Trans>
          The view of "{entry.id}" cannot be restored from this snapshot; see the diagram and the context.
        </Trans>
      </Alert>
    );
  return (
    <ReadOnlyReplayFrame>
      <View actor={replay.actor} transport={transport} />
    </ReadOnlyReplayFrame>
  );
}
