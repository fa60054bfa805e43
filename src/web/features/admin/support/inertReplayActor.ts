// A flow restored from a support snapshot with every effect made inert (issue 9 §4): each invoked
// actor is replaced by one that never settles (a child machine by its own inert copy, so its state
// still renders), each effect action by a no-op, and the clock by one that never fires, so a
// delayed transition waits forever. Guards and assignments stay the machine's own: events a view
// sends move the replay the way the real flow would, but nothing leaves the page.
import { createActor, fromPromise, StateMachine } from 'xstate';
import type { AnyActorLogic, AnyActorRef, AnyStateMachine } from 'xstate';

const neverSettles = fromPromise<never>(() => new Promise<never>(() => {}));

/** Timers are accepted and forgotten. */
const stoppedClock = {
  setTimeout: () => 0,
  clearTimeout: () => {},
};

/** Built-in actions (assign, raise, sendTo…) carry a `resolve`; a plain function is an effect. */
function isEffectAction(implementation: unknown): boolean {
  return typeof implementation === 'function' && !('resolve' in implementation);
}

export function inertMachine(machine: AnyStateMachine): AnyStateMachine {
  const actors: Record<string, AnyActorLogic> = {};
  for (const [name, logic] of Object.entries(machine.implementations.actors)) {
    actors[name] = logic instanceof StateMachine ? inertMachine(logic as AnyStateMachine) : neverSettles;
  }
  const actions: Record<string, () => void> = {};
  for (const [name, implementation] of Object.entries(machine.implementations.actions)) {
    if (isEffectAction(implementation)) actions[name] = () => undefined;
  }
  return machine.provide({ actors, actions });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether xstate can restore `snapshot` on `machine` without failing later: a child machine whose
 * snapshot lacks a state value or children would become an actor in error that xstate reports as
 * an unhandled exception when it starts, out of reach of any try/catch here.
 */
function restorable(machine: AnyStateMachine, snapshot: unknown): boolean {
  if (!isRecord(snapshot) || snapshot['value'] === undefined || !isRecord(snapshot['children'])) return false;
  return Object.values(snapshot['children']).every((child) => {
    if (!isRecord(child)) return false;
    const src = child['src'];
    const logic = typeof src === 'string' ? machine.implementations.actors[src] : undefined;
    return logic instanceof StateMachine ? restorable(logic as AnyStateMachine, child['snapshot']) : true;
  });
}

/** Started from the persisted snapshot; null when it cannot be restored. Stop it when done. */
export function startInertReplay(machine: AnyStateMachine, snapshot: unknown): AnyActorRef | null {
  try {
    const inert = inertMachine(machine);
    if (!restorable(inert, snapshot)) return null;
    const actor = createActor(inert, { snapshot: snapshot as never, clock: stoppedClock });
    // A replay that fails later (a malformed child) must not become an unhandled error.
    actor.subscribe({ error: () => undefined });
    actor.start();
    return actor.getSnapshot().status === 'error' ? (actor.stop(), null) : actor;
  } catch {
    return null;
  }
}

/** A fresh inert actor (the slider beside a login form): its first state, waiting forever. */
export function startInertFresh(machine: AnyStateMachine): AnyActorRef {
  const actor = createActor(inertMachine(machine), { clock: stoppedClock });
  actor.subscribe({ error: () => undefined });
  return actor.start();
}
