// The card-application lifecycle as the server applies it: the stored status says where an
// application is, the shared chart (machines/cardApplicationLifecycle.machine.ts) says whether a
// requested change exists. A change the chart does not have is refused (409) before anything is written.
import type { StateValue } from 'xstate';
import {
  cardApplicationLifecycleMachine,
  type CardApplicationLifecycleEvent,
  type CardApplicationStatus,
} from '../../../../machines/cardApplicationLifecycle.machine';
import { lifecycleStateOf, lifecycleStatusOf, nextLifecycleState } from '../../../../machines/lifecycle';
import type { CardApplicationState } from '../../../contract/api/card';
import { transitionNotAllowed } from '../../errors';

export type CardApplicantEvent = Extract<CardApplicationLifecycleEvent['type'], `applicant.${string}`>;

/** No row yet is "not started". */
export const NOT_STARTED: CardApplicationStatus = 'not_started';

export function stateOfStatus(status: string): CardApplicationState {
  const value = lifecycleStateOf(cardApplicationLifecycleMachine, status);
  // The chart is flat, so its state values are the state names.
  if (typeof value !== 'string')
    throw new Error(`card application has status '${status}', which no state stands for`);
  return value as CardApplicationState;
}

function statusOfState(value: StateValue): CardApplicationStatus {
  return lifecycleStatusOf(cardApplicationLifecycleMachine, value) as CardApplicationStatus;
}

export interface CardTransition {
  event: CardApplicantEvent;
  from: CardApplicationStatus;
  to: CardApplicationStatus;
}

/** The chart's answer to `event` from `from`; throws transitionNotAllowed (409) when it has none. */
export function transitionFor(from: CardApplicationStatus, event: CardApplicantEvent): CardTransition {
  const next = nextLifecycleState(cardApplicationLifecycleMachine, stateOfStatus(from), { type: event });
  if (next === null) throw transitionNotAllowed({ from, event });
  return { event, from, to: statusOfState(next) };
}

/** The applicant's way into "saved": a save from a rejection is the re-application. */
export function saveEventFrom(status: CardApplicationStatus): CardApplicantEvent {
  return status === 'rejected' ? 'applicant.reapply' : 'applicant.saveDraft';
}
