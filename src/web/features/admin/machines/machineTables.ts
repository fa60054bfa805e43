// The rows the back office shows beside a machine's diagram: its states (with the spec section each
// implements, and whether a snapshot is in it) and its transitions. Read from the machine definition
// with the same helpers as `npm run diagrams`, so the page and docs/machines/*.md never disagree.
import type { AnyStateMachine } from 'xstate';
import type { StateMeta } from '../../../../../machines/stateMeta';
import { triggerLabel } from '../../../../tools/machineGraph/diagramMarkdown';
import {
  allStateNodes,
  allTransitions,
  guardNameOf,
  statePathOf,
} from '../../../../tools/machineGraph/machineStructure';

export interface StateRow {
  path: string;
  type: string;
  spec: string | null;
  status: string | null;
  tags: string[];
  /** A snapshot being replayed is in this state (or one of its children). */
  active: boolean;
}

export interface EventRow {
  event: string;
  from: string;
  to: string[];
  guard: string | null;
}

/** 'a.b.c' is active when the snapshot's value holds a, a.b or a.b.c among `activePaths`. */
export function stateRows(
  machine: AnyStateMachine,
  activePaths: ReadonlySet<string> = new Set(),
): StateRow[] {
  return allStateNodes(machine).map((node) => {
    const meta = (node.meta ?? {}) as Partial<StateMeta>;
    const path = statePathOf(node);
    return {
      path,
      type: node.type,
      spec: meta.spec ?? null,
      status: meta.status ?? null,
      tags: [...node.tags].sort(),
      active: activePaths.has(path),
    };
  });
}

export function eventRows(machine: AnyStateMachine): EventRow[] {
  return allTransitions(machine).map((transition) => ({
    event: triggerLabel(transition),
    from: statePathOf(transition.source),
    to: (transition.definition.target ?? []).map(statePathOf),
    guard: guardNameOf(transition.definition) ?? null,
  }));
}

/** Every state path a snapshot's value is in: { a: { b: 'c' } } → a, a.b, a.b.c. */
export function activeStatePaths(value: unknown, prefix = ''): Set<string> {
  const paths = new Set<string>();
  const join = (key: string) => (prefix ? `${prefix}.${key}` : key);
  if (typeof value === 'string') {
    paths.add(join(value));
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      paths.add(join(key));
      for (const path of activeStatePaths(child, join(key))) paths.add(path);
    }
  }
  return paths;
}
