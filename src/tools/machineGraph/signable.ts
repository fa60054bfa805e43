// What makes a machine's page signable by a spec reviewer (issue 19 §4), checked by
// `npm run diagrams -- --check`: every guard is a name declared in setup({ guards }) (no inline
// predicate, no bare built-in), every delay is a name declared in setup({ delays }) and documented
// with its contract limit in the registry entry, and every state says which spec section it
// implements (`portal-spec.md §N …`) or that it is an addition, naming the decision it comes from.
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import type { MachineRegistryEntry } from '../../../machines/registryEntry';
import { allStateNodes, guardNameOf, statePathOf } from './machineStructure';

export type UnsignedKind = 'unnamed guard' | 'unnamed delay' | 'undocumented delay' | 'no spec reference';

export interface UnsignedPart {
  machine: string;
  kind: UnsignedKind;
  /** The state (and event) where it was found, or the delay's name. */
  where: string;
}

/** A state implements a section of the spec… */
export const SPEC_REFERENCE = /^portal-spec\.md §\d/;
/** …or is an addition, naming the decision it comes from: a file of docs/decisions/ or a product rule. */
export const ADDITION_REFERENCE = /^addition: .*(docs\/product-rules\.md|docs\/decisions\/[\w-]+\.md)/;

export function isSpecReference(spec: unknown): boolean {
  return typeof spec === 'string' && (SPEC_REFERENCE.test(spec) || ADDITION_REFERENCE.test(spec));
}

function placeOf(node: AnyStateNode): string {
  return node.parent ? statePathOf(node) : '(machine)';
}

/** Every transition of every node, the root's own `on` included (allTransitions starts below it). */
function everyTransition(machine: AnyStateMachine): Array<[AnyStateNode, string, AnyTransitionDefinition]> {
  return [machine.root, ...allStateNodes(machine)].flatMap((node) => [
    ...[...node.transitions.entries()].flatMap(([eventType, definitions]) =>
      definitions.map((definition): [AnyStateNode, string, AnyTransitionDefinition] => [
        node,
        eventType,
        definition,
      ]),
    ),
    ...(node.always ?? []).map((definition): [AnyStateNode, string, AnyTransitionDefinition] => [
      node,
      'always',
      definition,
    ]),
  ]);
}

function isDeclaredGuard(machine: AnyStateMachine, definition: AnyTransitionDefinition): boolean {
  const guard: unknown = definition.guard;
  if (guard === undefined) return true;
  const name =
    typeof guard === 'string'
      ? guard
      : guard && typeof guard === 'object' && 'type' in guard
        ? String(guard.type)
        : undefined;
  return name !== undefined && Object.hasOwn(machine.implementations.guards, name);
}

/** Everything on the entry's page a reviewer could not sign; empty when the page is signable. */
export function unsignedParts(entry: MachineRegistryEntry): UnsignedPart[] {
  const { machine } = entry;
  const parts: UnsignedPart[] = [];
  const add = (kind: UnsignedKind, where: string) => parts.push({ machine: entry.id, kind, where });
  for (const [node, eventType, definition] of everyTransition(machine)) {
    if (!isDeclaredGuard(machine, definition))
      add('unnamed guard', `${placeOf(node)} on ${eventType} [${guardNameOf(definition)}]`);
  }
  const delays = machine.implementations.delays as Record<string, unknown>;
  for (const node of [machine.root, ...allStateNodes(machine)]) {
    for (const { delay } of node.after) {
      if (typeof delay !== 'string' || !Object.hasOwn(delays, delay))
        add('unnamed delay', `${placeOf(node)} after ${String(delay)}`);
    }
  }
  for (const [name, value] of Object.entries(delays)) {
    const documented = entry.delays?.[name];
    if (!documented || (typeof value === 'number' && documented.ms !== value))
      add('undocumented delay', name);
  }
  for (const node of allStateNodes(machine)) {
    if (!isSpecReference((node.meta as { spec?: unknown } | undefined)?.spec))
      add('no spec reference', statePathOf(node));
  }
  return parts;
}
