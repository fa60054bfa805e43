// The parts of a machine definition the diagram and the coverage count both need, read the same way
// by both: every state node and every transition, with a stable key per transition. No Node imports:
// the diagram generator runs in the browser too (back-office machine page).
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/** Every state node of the machine except the root, parents before children, in definition order. */
export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const collect = (node: AnyStateNode): AnyStateNode[] =>
    Object.values(node.states).flatMap((child) => [child, ...collect(child)]);
  return collect(machine.root);
}

/** A state node's path as the diagrams and coverage lines show it ('scanned.verifying'). */
export function statePathOf(node: AnyStateNode): string {
  return node.path.join('.');
}

export const ALWAYS = 'always';

export interface MachineTransition {
  /** Stable across `machine.provide()` copies: source id, event, and position among its candidates. */
  key: string;
  source: AnyStateNode;
  /** The event descriptor, or ALWAYS for an eventless transition. */
  eventType: string;
  definition: AnyTransitionDefinition;
}

/**
 * A transition that neither targets a state nor runs an action is xstate's "forbidden" marker: it
 * stops an event from bubbling and changes nothing, so it is not a transition to draw or to cover.
 */
function isForbiddenMarker(definition: AnyTransitionDefinition): boolean {
  return !definition.target && definition.actions.length === 0 && !definition.reenter;
}

/** The key of a transition as a running actor reports it (inspection `_transitions`). */
export function transitionKeyOf(definition: AnyTransitionDefinition): string {
  const source = definition.source;
  const always = source.always ?? [];
  const alwaysIndex = always.indexOf(definition);
  if (alwaysIndex >= 0) return `${source.id} ${ALWAYS} #${alwaysIndex}`;
  const candidates = source.transitions.get(definition.eventType) ?? [];
  return `${source.id} ${definition.eventType} #${candidates.indexOf(definition)}`;
}

/** Every transition of the machine, state by state in definition order. */
export function allTransitions(machine: AnyStateMachine): MachineTransition[] {
  return allStateNodes(machine).flatMap((source) => {
    const onEvents = [...source.transitions.entries()].flatMap(([eventType, definitions]) =>
      definitions.map((definition) => ({ eventType, definition })),
    );
    const eventless = (source.always ?? []).map((definition) => ({ eventType: ALWAYS, definition }));
    return [...onEvents, ...eventless]
      .filter(({ definition }) => !isForbiddenMarker(definition))
      .map(({ eventType, definition }) => ({
        key: transitionKeyOf(definition),
        source,
        eventType,
        definition,
      }));
  });
}

const AFTER_PREFIX = 'xstate.after.';
const DONE_ACTOR_PREFIX = 'xstate.done.actor.';
const ERROR_ACTOR_PREFIX = 'xstate.error.actor.';
const DONE_STATE_PREFIX = 'xstate.done.state.';

export type TransitionTrigger =
  | { kind: 'event'; event: string }
  | { kind: 'always' }
  | { kind: 'delay'; delay: string }
  | { kind: 'actorDone'; invokeId: string }
  | { kind: 'actorError'; invokeId: string }
  | { kind: 'stateDone'; stateId: string };

/** What fires a transition, in the terms a reviewer reads (a named delay, an actor's result…). */
export function triggerOf(transition: MachineTransition): TransitionTrigger {
  const { eventType, source } = transition;
  if (eventType === ALWAYS) return { kind: 'always' };
  if (eventType.startsWith(AFTER_PREFIX)) {
    const delayed = source.after.find((candidate) => candidate.eventType === eventType);
    return { kind: 'delay', delay: String(delayed?.delay ?? eventType.slice(AFTER_PREFIX.length)) };
  }
  if (eventType.startsWith(DONE_ACTOR_PREFIX)) {
    return { kind: 'actorDone', invokeId: eventType.slice(DONE_ACTOR_PREFIX.length) };
  }
  if (eventType.startsWith(ERROR_ACTOR_PREFIX)) {
    return { kind: 'actorError', invokeId: eventType.slice(ERROR_ACTOR_PREFIX.length) };
  }
  if (eventType.startsWith(DONE_STATE_PREFIX)) {
    return { kind: 'stateDone', stateId: eventType.slice(DONE_STATE_PREFIX.length) };
  }
  return { kind: 'event', event: eventType };
}

/** What fires a transition, as the diagram, the docs and the back office's event table name it. */
export function triggerLabel(transition: MachineTransition): string {
  const trigger = triggerOf(transition);
  switch (trigger.kind) {
    case 'event':
      return trigger.event;
    case 'always':
      return 'always';
    case 'delay':
      return `after(${trigger.delay})`;
    case 'actorDone':
      return `done(${trigger.invokeId})`;
    case 'actorError':
      return `error(${trigger.invokeId})`;
    case 'stateDone':
      return 'done';
  }
}

/** Events that only the machine itself raises (a compound state finishing): never sent from outside. */
export function isInternalEventDescriptor(descriptor: string): boolean {
  return descriptor.startsWith(DONE_STATE_PREFIX);
}

/** The guard's name as declared in setup(), or 'inline' for an anonymous function. */
export function guardNameOf(definition: AnyTransitionDefinition): string | undefined {
  const guard: unknown = definition.guard;
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type);
  if (typeof guard === 'function') {
    // Higher-order guards (and/or/not) carry a check name; a plain function is inline.
    const named = guard as { check?: unknown; name?: string };
    return named.name && named.name !== 'guard' ? named.name : 'inline';
  }
  return 'inline';
}
