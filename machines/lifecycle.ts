// The server-side enforcer of the status lifecycles (docs/architecture.md "Lifecycles are shared"): the
// server asks the same chart the web app renders whether a requested change exists. Pure functions
// over xstate's pure transition API; nothing here runs an actor, a timer or I/O.
import { pathToStateValue, transition } from 'xstate';
import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  EventFromLogic,
  EventObject,
  StateValue,
} from 'xstate';
import type { StateMeta } from './stateMeta';

/** The stored state is not one the chart has: corrupt or foreign data, never a permission. */
export class UnknownLifecycleStateError extends Error {
  constructor(machineId: string, value: unknown, cause?: unknown) {
    super(`lifecycle '${machineId}' has no state ${JSON.stringify(value)}`, { cause });
    this.name = 'UnknownLifecycleStateError';
  }
}

// Lifecycle charts carry no context: the database row is the context, the chart only the rules.
function resolve(machine: AnyStateMachine, value: StateValue): AnyMachineSnapshot {
  try {
    return machine.resolveState({ value, context: {} });
  } catch (error) {
    throw new UnknownLifecycleStateError(machine.id, value, error);
  }
}

/**
 * The state `event` leads to from `from`, or null when the chart has no such transition (the
 * server then refuses the request and changes nothing). A self-transition (saved ⇄ saved) returns
 * the same value, which is an allowed change, not null. Throws UnknownLifecycleStateError when `from`
 * is not a state of the chart.
 */
export function nextLifecycleState<TMachine extends AnyStateMachine>(
  machine: TMachine,
  from: StateValue,
  event: EventFromLogic<TMachine>,
): StateValue | null {
  const snapshot = resolve(machine, from);
  // Stryker disable next-line ConditionalExpression: equivalent, a resolved snapshot is 'active' or 'done', and can() is false when done
  if (snapshot.status !== 'active' || !snapshot.can(event)) return null;
  const [next] = transition(machine as AnyStateMachine, snapshot, event);
  return (next as AnyMachineSnapshot).value;
}

/** Every state node of the chart (not the root), in document order. */
function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const collect = (node: AnyStateNode): AnyStateNode[] =>
    Object.values(node.states).flatMap((child) => [child, ...collect(child)]);
  return collect(machine.root);
}

function metaOf(node: AnyStateNode): Partial<StateMeta> {
  return (node.meta ?? {}) as Partial<StateMeta>;
}

/** The active state nodes of a non-parallel value, outermost first. */
function activePath(machine: AnyStateMachine, value: StateValue): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  let parent: AnyStateNode = machine.root;
  let rest: StateValue | undefined = value;
  while (rest !== undefined) {
    const entries: Array<[string, StateValue | undefined]> =
      typeof rest === 'string' ? [[rest, undefined]] : Object.entries(rest);
    const [entry, ...others] = entries;
    if (!entry || others.length > 0) throw new UnknownLifecycleStateError(machine.id, value);
    const node: AnyStateNode | undefined = parent.states[entry[0]];
    // Stryker disable next-line ConditionalExpression: equivalent, callers pass values resolve() has already checked
    if (!node) throw new UnknownLifecycleStateError(machine.id, value);
    nodes.push(node);
    parent = node;
    rest = entry[1];
  }
  return nodes;
}

/** The value stored for a state: the `meta.status` of the innermost active state that has one. */
export function lifecycleStatusOf(machine: AnyStateMachine, value: StateValue): string {
  const resolved = resolve(machine, value).value;
  const status = activePath(machine, resolved)
    .map((node) => metaOf(node).status)
    .filter((s): s is string => typeof s === 'string')
    .at(-1);
  if (status === undefined) throw new UnknownLifecycleStateError(machine.id, value);
  return status;
}

/** The state a stored value stands for (entering a compound state at its initial child), or null. */
export function lifecycleStateOf(machine: AnyStateMachine, status: string): StateValue | null {
  const matches = allStateNodes(machine).filter((node) => metaOf(node).status === status);
  if (matches.length > 1) {
    throw new Error(`lifecycle '${machine.id}' marks ${matches.length} states with status '${status}'`);
  }
  const node = matches[0];
  return node ? resolve(machine, pathToStateValue(node.path)).value : null;
}

/** The milliseconds of a named delay, read from the chart so the server compares the same number. */
export function lifecycleDelayMs(machine: AnyStateMachine, delayName: string): number {
  const delays = machine.implementations.delays as Record<string, unknown>;
  const delay = delays[delayName];
  if (typeof delay !== 'number') {
    throw new Error(`lifecycle '${machine.id}' has no fixed delay '${delayName}'`);
  }
  return delay;
}

/**
 * The state after the named delay has elapsed in `from`, or null when no active state waits for it.
 * The server cannot keep a timer per row: it compares stored timestamps with lifecycleDelayMs and,
 * when the time is up, applies the delay through the chart like any other event.
 */
export function elapseLifecycleDelay(
  machine: AnyStateMachine,
  from: StateValue,
  delayName: string,
): StateValue | null {
  const snapshot = resolve(machine, from);
  // Stryker disable next-line ConditionalExpression: equivalent, a final state has no `after`, so no delay is found
  if (snapshot.status !== 'active') return null;
  const waiting = activePath(machine, snapshot.value)
    .flatMap((node) => node.after)
    .find((delayed) => delayed.delay === delayName);
  if (!waiting) return null;
  const event: EventObject = { type: waiting.eventType };
  const [next] = transition(machine, snapshot, event);
  return (next as AnyMachineSnapshot).value;
}
