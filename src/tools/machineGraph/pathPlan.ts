// Generates, with xstate's graph tools, the event paths that reach every state and take every
// transition of a registered machine: the shortest path to each reachable snapshot, then that path
// plus one more event for every enabled edge out of it. Paths that are a prefix of a longer path
// are dropped, because a replay checks every intermediate state anyway.
// The graph tools' own default event list is exactly this helper; its name warns that it is not a
// stable API, so it is used here only, behind traversalEvents().
import { __unsafe_getAllOwnEventDescriptors } from 'xstate';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject, StateValue } from 'xstate';
import { getAdjacencyMap, getShortestPaths, serializeSnapshot } from 'xstate/graph';
import type { AdjacencyValue } from 'xstate/graph';
import type { MachineRegistryEntry } from '../../../machines/registry';
import { isInternalEventDescriptor } from './machineStructure';

export interface PlannedPath {
  input: unknown;
  /** The events to replay, in order (the initial state needs none). */
  events: EventObject[];
  /** The state value the chart predicts: index 0 at start, index i after events[i - 1]. */
  expectedValues: StateValue[];
}

/** Stops a machine whose context grows without bound from hanging the traversal. */
const TRAVERSAL_LIMIT = 20_000;

function descriptorMatches(descriptor: string, eventType: string): boolean {
  if (descriptor === '*' || descriptor === eventType) return true;
  return descriptor.endsWith('.*') && eventType.startsWith(descriptor.slice(0, -1));
}

/** The events to try in a snapshot: each accepted descriptor, with the registry's payloads when given. */
export function traversalEvents(entry: MachineRegistryEntry) {
  const given = entry.graphEvents ?? [];
  return (snapshot: AnyMachineSnapshot): EventObject[] =>
    __unsafe_getAllOwnEventDescriptors(snapshot)
      .map(String)
      .filter((descriptor) => !isInternalEventDescriptor(descriptor))
      .flatMap((descriptor) => {
        const payloads = given.filter((event) => descriptorMatches(descriptor, event.type));
        if (payloads.length > 0) return payloads;
        return descriptor.includes('*') ? [] : [{ type: descriptor }];
      });
}

function planFromInput(entry: MachineRegistryEntry, input: unknown): PlannedPath[] {
  const machine: AnyStateMachine = entry.machine;
  const options = {
    input,
    events: traversalEvents(entry),
    serializeState: (snapshot: AnyMachineSnapshot) => serializeSnapshot(snapshot) as string,
    limit: TRAVERSAL_LIMIT,
  };
  const shortest = new Map(
    getShortestPaths(machine, options).map((path) => [serializeSnapshot(path.state) as string, path]),
  );
  const adjacency = getAdjacencyMap(machine, options);

  const planned: PlannedPath[] = [];
  const vertices: Array<[string, AdjacencyValue<AnyMachineSnapshot, EventObject>]> =
    Object.entries(adjacency);
  for (const [stateKey, { state, transitions }] of vertices) {
    const head = shortest.get(stateKey);
    if (!head) continue;
    // alterPath form: steps[0] is the initial snapshot under 'xstate.init'; later steps carry the
    // event that led to their snapshot.
    const headEvents = head.steps.slice(1).map((step) => step.event);
    const headValues = head.steps.map((step) => step.state.value);
    planned.push({ input, events: headEvents, expectedValues: headValues });
    for (const { event, state: next } of Object.values(transitions)) {
      // An event no enabled transition takes is not an edge: nothing to replay or to cover.
      if (!state.can(event)) continue;
      planned.push({
        input,
        events: [...headEvents, event],
        expectedValues: [...headValues, next.value],
      });
    }
  }
  return planned;
}

function eventSignature(path: PlannedPath): string[] {
  return path.events.map((event) => JSON.stringify(event));
}

function isPrefixOf(shorter: string[], longer: string[]): boolean {
  return shorter.length <= longer.length && shorter.every((item, index) => item === longer[index]);
}

/** Every path to replay for one registered machine, longest first, without redundant prefixes. */
export function planPaths(entry: MachineRegistryEntry): PlannedPath[] {
  const inputs = entry.graphInputs ?? [undefined];
  const all = inputs.flatMap((input) => planFromInput(entry, input));
  const sorted = [...all].sort((a, b) => b.events.length - a.events.length);
  const kept: Array<{ path: PlannedPath; signature: string[]; input: string }> = [];
  for (const path of sorted) {
    const signature = eventSignature(path);
    const input = JSON.stringify(path.input ?? null);
    const covered = kept.some((other) => other.input === input && isPrefixOf(signature, other.signature));
    if (!covered) kept.push({ path, signature, input });
  }
  return kept.map(({ path }) => path);
}

/** A readable one-line name for a path, used as the test title. */
export function describePath(path: PlannedPath): string {
  const start = path.input === undefined ? '' : `${JSON.stringify(path.input)} `;
  const events = path.events.map((event) => event.type).join(' → ') || '(initial)';
  const end = JSON.stringify(path.expectedValues.at(-1));
  return `${start}${events} ⇒ ${end}`;
}
