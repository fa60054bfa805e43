// Replays a planned path on a real actor: the registered machine with every named actor replaced by
// a fake the replay settles when the path says so (`xstate.done.actor.<id>` resolves it with the
// event's output, `xstate.error.actor.<id>` rejects it), every effect action replaced by a no-op,
// and a simulated clock moved to the moment a named delay fires. Guards, assignments and delays
// stay the machine's own. Records the state nodes entered and the transitions taken, as reported by
// the actor's inspection stream.
import { createActor, fromPromise, isMachineSnapshot } from 'xstate';
import type { AnyActorLogic, AnyMachineSnapshot, AnyStateMachine, EventObject, StateValue } from 'xstate';
import type { MachineRegistryEntry } from '../../../machines/registry';
import type { PlannedPath } from './pathPlan';
import { ReplayClock } from './replayClock';
import { transitionKeyOf, triggerOf } from './machineStructure';

export interface ReplayResult {
  /** The state value observed at start and after each event: compare with path.expectedValues. */
  observedValues: StateValue[];
  /** Ids of every state node the actor was in, including states it passed through in one step. */
  reachedStateIds: Set<string>;
  takenTransitionKeys: Set<string>;
}

interface Deferred {
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

/** Built-in actions (assign, raise, sendTo…) carry a `resolve`; a plain function is an effect. */
function isEffectAction(implementation: unknown): boolean {
  return typeof implementation === 'function' && !('resolve' in implementation);
}

function withFakes(machine: AnyStateMachine, settlers: Map<string, Deferred>): AnyStateMachine {
  const actors: Record<string, AnyActorLogic> = {};
  for (const name of Object.keys(machine.implementations.actors)) {
    actors[name] = fromPromise(
      ({ self }) =>
        new Promise((resolve, reject) => {
          // An invoked actor's id is its invoke id: the id in xstate.done.actor.<id>.
          settlers.set(self.id, { resolve, reject });
        }),
    );
  }
  const actions: Record<string, () => void> = {};
  for (const [name, implementation] of Object.entries(machine.implementations.actions)) {
    if (isEffectAction(implementation)) actions[name] = () => undefined;
  }
  return machine.provide({ actors, actions });
}

function delayMs(machine: AnyStateMachine, delay: string, snapshot: AnyMachineSnapshot, event: EventObject) {
  const numeric = Number(delay);
  if (Number.isFinite(numeric)) return numeric;
  const implementation: unknown = (machine.implementations.delays as Record<string, unknown>)[delay];
  if (typeof implementation === 'number') return implementation;
  if (typeof implementation === 'function') {
    return Number(implementation({ context: snapshot.context, event }));
  }
  throw new Error(`delay '${delay}' of '${machine.id}' has no implementation`);
}

/** Lets promise callbacks (a settled fake) reach the actor before the next step is checked. */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function apply(
  machine: AnyStateMachine,
  actor: ReturnType<typeof createActor<AnyStateMachine>>,
  clock: ReplayClock,
  settlers: Map<string, Deferred>,
  event: EventObject,
): Promise<void> {
  const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
  const source = snapshot._nodes.find((node) => node.transitions.has(event.type));
  const trigger = source
    ? triggerOf({
        key: '',
        source,
        eventType: event.type,
        definition: source.transitions.get(event.type)![0]!,
      })
    : { kind: 'event' as const, event: event.type };

  if (trigger.kind === 'delay') {
    const ms = delayMs(machine, trigger.delay, snapshot, event);
    if (!clock.advanceToTimer(ms))
      throw new Error(`no pending timer for delay '${trigger.delay}' (${ms} ms)`);
  } else if (trigger.kind === 'actorDone' || trigger.kind === 'actorError') {
    const settler = settlers.get(trigger.invokeId);
    if (!settler) throw new Error(`actor '${trigger.invokeId}' is not running, cannot settle it`);
    settlers.delete(trigger.invokeId);
    if (trigger.kind === 'actorDone') settler.resolve((event as { output?: unknown }).output);
    else settler.reject((event as { error?: unknown }).error ?? new Error('simulated failure'));
  } else {
    actor.send(event);
  }
  await settle();
}

export async function replayPath(entry: MachineRegistryEntry, path: PlannedPath): Promise<ReplayResult> {
  const settlers = new Map<string, Deferred>();
  const machine = withFakes(entry.machine, settlers);
  const clock = new ReplayClock();
  const reachedStateIds = new Set<string>();
  const takenTransitionKeys = new Set<string>();
  const record = (snapshot: unknown) => {
    if (!isMachineSnapshot(snapshot) || snapshot.machine !== machine) return;
    for (const node of snapshot._nodes) if (node.parent) reachedStateIds.add(node.id);
  };

  const actor = createActor(machine, {
    clock,
    input: path.input,
    inspect: (inspection) => {
      if (inspection.type === '@xstate.microstep') {
        record(inspection.snapshot);
        for (const transition of inspection._transitions) {
          takenTransitionKeys.add(transitionKeyOf(transition));
          // A transient state (left by an eventless transition within the same step) never shows in a
          // settled snapshot; that its transition was selected proves the actor was in it.
          for (let node = transition.source; node.parent; node = node.parent) reachedStateIds.add(node.id);
        }
      } else if (inspection.type === '@xstate.snapshot') {
        record(inspection.snapshot);
      }
    },
  });
  actor.start();
  await settle();

  const observedValues: StateValue[] = [actor.getSnapshot().value];
  try {
    for (const event of path.events) {
      await apply(machine, actor, clock, settlers, event);
      observedValues.push(actor.getSnapshot().value);
    }
  } finally {
    actor.stop();
  }
  return { observedValues, reachedStateIds, takenTransitionKeys };
}
