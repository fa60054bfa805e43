// The one place the decision chart meets its effects: the decision goes to the back-office API with
// the case version the reviewer looked at; "reload" fetches the case again after a conflict. A
// revision request first sends the reviewer's comment per flagged field (issue 21 §1), so they are on
// record before the request that shows them to the applicant.
import { useActorRef } from '@xstate/react';
import { useRef } from 'react';
import { fromPromise } from 'xstate';
import type { ApiOutcome } from '../../../../../machines/accountOutcome';
import { reviewDecisionMachine, type ReviewDecision } from '../../../../../machines/reviewDecision.machine';
import type { FieldComment } from '../../../../contract/api/fieldComments';
import type { AdminApi, CaseKind } from '../adminApi';
import { sendFieldComments } from './fieldCommentsApi';

export function useReviewDecisionActor(options: {
  api: AdminApi;
  kind: CaseKind;
  caseId: string;
  version: number;
  reload(): void;
  /** The server accepted `kind`. */
  decided(kind: ReviewDecision['kind']): void;
  /** The comments on flagged fields, read when a revision request is sent. */
  fieldComments?: () => FieldComment[];
}) {
  // The latest case version and callbacks, read when the effect runs (the actor outlives renders).
  const latest = useRef(options);
  latest.current = options;
  return useActorRef(
    reviewDecisionMachine.provide({
      actors: {
        'submit decision': fromPromise<ApiOutcome<unknown>, ReviewDecision>(async ({ input }) => {
          const { api, kind, caseId, version, fieldComments } = latest.current;
          const comments = input.kind === 'requestRevision' ? (fieldComments?.() ?? []) : [];
          if (comments.length > 0) {
            const sent = await sendFieldComments(kind, caseId, comments);
            if (sent.kind !== 'ok') return sent;
          }
          const outcome = await api.decide(kind, caseId, version, input);
          if (outcome.kind === 'ok') latest.current.decided(input.kind);
          return outcome;
        }),
      },
      actions: { 'reload case': () => latest.current.reload() },
    }),
  );
}
