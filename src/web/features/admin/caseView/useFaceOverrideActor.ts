// The one place the face-override chart meets its effects: the decision goes to the back-office API;
// once it is recorded the case view loads the case again.
import { useActorRef } from '@xstate/react';
import { useRef } from 'react';
import { fromPromise } from 'xstate';
import type { ApiOutcome } from '../../../../../machines/accountOutcome';
import { faceOverrideMachine } from '../../../../../machines/faceOverride.machine';
import type { FaceOverrideRequest } from '../../../../contract/api/admin';
import type { AdminApi } from '../adminApi';

export function useFaceOverrideActor(options: { api: AdminApi; caseId: string; reload(): void }) {
  // The latest case and callback, read when the effect runs (the actor outlives renders).
  const latest = useRef(options);
  latest.current = options;
  return useActorRef(
    faceOverrideMachine.provide({
      actors: {
        'submit override': fromPromise<ApiOutcome<unknown>, FaceOverrideRequest>(({ input }) =>
          latest.current.api.faceOverride(latest.current.caseId, input),
        ),
      },
      actions: { 'override recorded': () => latest.current.reload() },
    }),
  );
}
