// The named parts of a machine a reviewer signs beside its diagram: its guards (name and what each
// checks), its delays (name, value and the contract limit it comes from) and its actions (name, what
// kind of effect, where it runs). Read from the machine definition and its registry entry, shared by
// `npm run diagrams` (docs/machines/*.md) and the back office's machine page. No Node imports.
import type { AnyStateMachine } from 'xstate';
import { notProvidedName } from '../../../machines/notProvided';
import type { MachineRegistryEntry } from '../../../machines/registryEntry';
import { allStateNodes, allTransitions, statePathOf, triggerLabel } from './machineStructure';

export interface GuardRow {
  name: string;
  /** What it checks: the predicate's own source, or the built-in guard it is made of. */
  checks: string;
}

export interface DelayRow {
  name: string;
  /** The value in milliseconds the registry entry documents (for a computed delay: its default). */
  ms: number | null;
  /** The contract limit the value comes from ('Limits.login.lockoutMs'). */
  limit: string | null;
  /** How a delay computed at run time is worked out; null for a fixed one. */
  computed: string | null;
}

export interface ActionRow {
  name: string;
  kind: string;
  /** Where it runs: 'entry of x', 'exit of x', or 'x on event'. */
  usedIn: string[];
}

/** Code-unit order, not the host's locale: generated files must not depend on where they were made. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function oneLine(source: string): string {
  return source.replace(/\s+/g, ' ').trim();
}

/** What a guard implementation checks, in a reviewer's terms. */
export function describeGuard(implementation: unknown): string {
  if (typeof implementation === 'string') return `the guard '${implementation}'`;
  if (typeof implementation !== 'function') return 'not a predicate';
  const builtIn = implementation as { check?: unknown; stateValue?: unknown; guards?: unknown[] };
  if (typeof builtIn.check === 'function') {
    if (builtIn.stateValue !== undefined) return `in state ${JSON.stringify(builtIn.stateValue)}`;
    const parts = (builtIn.guards ?? []).map(describeGuard);
    return `${implementation.name}(${parts.join(', ')})`;
  }
  return oneLine(String(implementation));
}

function sortedEntries<T>(record: Record<string, T>): Array<[string, T]> {
  return Object.entries(record).sort(([a], [b]) => compareText(a, b));
}

export function guardRows(machine: AnyStateMachine): GuardRow[] {
  return sortedEntries(machine.implementations.guards as Record<string, unknown>).map(([name, guard]) => ({
    name,
    checks: describeGuard(guard),
  }));
}

export function delayRows(entry: MachineRegistryEntry): DelayRow[] {
  return sortedEntries(entry.machine.implementations.delays as Record<string, unknown>).map(
    ([name, value]) => {
      const documented = entry.delays?.[name];
      return {
        name,
        ms: documented?.ms ?? (typeof value === 'number' ? value : null),
        limit: documented?.limit ?? null,
        computed: typeof value === 'number' ? null : (documented?.computed ?? 'computed at run time'),
      };
    },
  );
}

function actionKind(implementation: unknown): string {
  const placeholder = notProvidedName(implementation);
  if (placeholder !== undefined) return 'effect provided by the app';
  const builtIn = implementation as { type?: unknown; assignment?: unknown } | undefined;
  if (builtIn?.type === 'xstate.assign') {
    const assignment = builtIn.assignment;
    return assignment && typeof assignment === 'object'
      ? `assigns ${Object.keys(assignment).sort(compareText).join(', ')}`
      : 'assigns context';
  }
  if (typeof builtIn?.type === 'string') return builtIn.type.replace(/^xstate\./, '');
  return 'function';
}

/** The named actions a list of action definitions refers to. */
function actionNames(actions: readonly unknown[]): string[] {
  return actions.flatMap((action) => {
    if (typeof action === 'string') return [action];
    if (action && typeof action === 'object' && 'type' in action && typeof action.type === 'string')
      return [action.type];
    return [];
  });
}

export function actionRows(machine: AnyStateMachine): ActionRow[] {
  const named = machine.implementations.actions as Record<string, unknown>;
  const uses = new Map<string, string[]>(Object.keys(named).map((name) => [name, []]));
  const note = (names: string[], where: string) => {
    for (const name of names)
      if (uses.has(name) && !uses.get(name)!.includes(where)) uses.get(name)!.push(where);
  };
  for (const node of allStateNodes(machine)) {
    note(actionNames(node.entry), `entry of ${statePathOf(node)}`);
    note(actionNames(node.exit), `exit of ${statePathOf(node)}`);
  }
  note(actionNames(machine.root.entry), 'entry of the machine');
  for (const [eventType, definitions] of machine.root.transitions)
    for (const definition of definitions)
      note(actionNames(definition.actions), `(any state) on ${eventType}`);
  for (const transition of allTransitions(machine))
    note(
      actionNames(transition.definition.actions),
      `${statePathOf(transition.source)} on ${triggerLabel(transition)}`,
    );
  return sortedEntries(named).map(([name, implementation]) => ({
    name,
    kind: actionKind(implementation),
    usedIn: uses.get(name) ?? [],
  }));
}
