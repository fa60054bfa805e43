// A machine's version, derived from its definition (issue 19 §5): a stable hash of its states,
// transitions (events, targets, guard and action names), delays (their names are in the `after`
// events), invoked actors, tags and the names of its context's fields. An edited machine gets another version by itself, so a support
// snapshot or a tab's kept snapshot of the old shape is refused instead of replayed wrongly.
// Documentation (`meta`, `description`) is left out: a corrected spec citation does not change what
// a snapshot means. Inline functions count as "a function here", not by their text, so a minified
// build and the sources agree.
import type { AnyStateMachine } from 'xstate';

/** A guard, an action or a delay by its name: a string, `{ type }`, or a function's xstate `type`. */
function nameOf(value: unknown): string {
  if (typeof value === 'string') return value;
  const type = (value as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type : 'ƒ';
}

/** The actors a chart names in `setup({ actors })`. */
type Actors = Record<string, unknown>;

/**
 * An invoked actor by its name. A chart that invokes another chart (the wizard's branches) also
 * counts the child's version: the parent's snapshot holds the child's, so a changed child changes
 * what a kept snapshot means. Promise logic counts by name only (the web app provides it).
 * Inline logic appears in a definition under a generated name (`xstate.invoke.0.…`): its place.
 */
function sourceName(src: unknown, actors: Actors): string {
  const name = String(src);
  const logic = actors[name];
  const isChart = typeof logic === 'object' && logic !== null && 'definition' in logic;
  return isChart ? `${name}@${machineVersion(logic as AnyStateMachine)}` : name;
}

interface DefinitionTransition {
  guard?: unknown;
  target?: unknown[];
  actions?: unknown[];
  reenter?: unknown;
}

interface DefinitionNode {
  key: string;
  type: string;
  history?: unknown;
  initial?: { target?: unknown[] };
  states?: Record<string, DefinitionNode>;
  on?: Record<string, DefinitionTransition[]>;
  entry?: unknown[];
  exit?: unknown[];
  invoke?: Array<{ id?: unknown; src?: unknown; systemId?: unknown }>;
  tags?: unknown[];
}

const names = (list: unknown[] | undefined) => (list ?? []).map(nameOf);
/** Targets are state nodes in a definition: named by their ids (`#login.signingIn`). */
const targets = (list: unknown[] | undefined) =>
  (list ?? []).map((target) => {
    const id = (target as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? `#${id}` : String(target);
  });

/** What a snapshot's meaning depends on, per state node: no documentation, no run-time values. */
function summary(node: DefinitionNode, actors: Actors): unknown {
  return {
    key: node.key,
    type: node.type,
    history: node.history ?? false,
    initial: targets(node.initial?.target),
    entry: names(node.entry),
    exit: names(node.exit),
    tags: (node.tags ?? []).map(String),
    invoke: (node.invoke ?? []).map((i) => ({
      id: i.id ?? null,
      src: sourceName(i.src, actors),
      systemId: i.systemId ?? null,
    })),
    on: Object.fromEntries(
      Object.entries(node.on ?? {}).map(([event, transitions]) => [
        event,
        transitions.map((t) => ({
          guard: t.guard === undefined ? null : nameOf(t.guard),
          target: targets(t.target),
          actions: names(t.actions),
          reenter: t.reenter ?? false,
        })),
      ]),
    ),
    states: Object.fromEntries(
      Object.entries(node.states ?? {}).map(([key, child]) => [key, summary(child, actors)]),
    ),
  };
}

/** JSON with sorted keys: the same summary, the same text, whatever order it was built in. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonical(record[key])}`)
    .join(',')}}`;
}

/** FNV-1a, 64 bits: stable across runs, browsers and Node; not a security hash (nothing needs one). */
function fnv1a64(text: string): string {
  let hash = 0xcbf29ce484222325n;
  const prime = 0x100000001b3n;
  for (let i = 0; i < text.length; i++) {
    hash ^= BigInt(text.charCodeAt(i));
    hash = (hash * prime) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
}

type ContextFactory = (args: { input: unknown; self: unknown; spawn: unknown }) => unknown;

/** An input that has every field, at any depth (each is this input again), so a context factory that
 *  reads `input.draft.step` builds its fields without a real input. */
const anyInput: unknown = new Proxy(
  {},
  { get: (_target, key) => (typeof key === 'symbol' ? undefined : anyInput) },
);

/**
 * The names of the context's fields: a snapshot whose context has other fields than the machine's
 * would be restored into a shape the actions and views do not expect. A context built from input
 * is built here from `anyInput` (only the names count); one that cannot be built so is 'ƒ'.
 */
export function contextFieldNames(machine: AnyStateMachine): string[] | 'ƒ' {
  const context = (machine.config as { context?: unknown }).context;
  let value: unknown = context;
  if (typeof context === 'function') {
    try {
      value = (context as ContextFactory)({ input: anyInput, self: undefined, spawn: () => undefined });
    } catch {
      return 'ƒ';
    }
  }
  return value !== null && typeof value === 'object' ? Object.keys(value).sort() : [];
}

/** The text a machine's version is the hash of (tests and tools read it). */
export function machineDefinitionText(machine: AnyStateMachine): string {
  return canonical({
    context: contextFieldNames(machine),
    root: summary(machine.definition as unknown as DefinitionNode, machine.implementations.actors),
  });
}

const versions = new WeakMap<AnyStateMachine, string>();

/** Twelve hex digits naming the machine's definition; the same definition, the same version. */
export function machineVersion(machine: AnyStateMachine): string {
  let version = versions.get(machine);
  // Stryker disable next-line ConditionalExpression: the memo only saves time; computing again gives the same version
  if (!version) {
    version = fnv1a64(machineDefinitionText(machine)).slice(0, 12);
    versions.set(machine, version);
  }
  return version;
}
