// The shape of one entry of machines/registry.ts. On its own so that the per-machine registry files
// (*.registry.ts), which registry.ts imports, can type their entries without importing registry.ts
// back: the import graph of machines/ stays free of cycles (issue 19 §6). Imports nothing of ours.
import type { AnyEventObject, AnyStateMachine } from 'xstate';

/** Where a named delay's value comes from, as the machine's page shows it (issue 19 §4). */
export interface DelayDoc {
  /** The contract limit(s) the value is read from, e.g. 'Limits.login.lockoutMs'. */
  limit: string;
  /** The value in milliseconds; for a delay computed at run time, the value it starts from. */
  ms: number;
  /** For a delay computed at run time: how. */
  computed?: string;
}

/** No hand-set version: a machine's version is derived from its definition (machines/machineVersion.ts,
 *  issue 19 §5), so an edited machine cannot keep an old one. */
export interface MachineRegistryEntry {
  /** The machine's own id (`createMachine({ id })`); names docs/machines/<id>.md. */
  id: string;
  kind: 'flow' | 'lifecycle';
  title: string;
  machine: AnyStateMachine;
  /**
   * Events the path traversal tries beyond the bare `{ type }` of each event the active states
   * accept: payloads that guards or assignments need, `xstate.done.actor.<id>` with an `output`,
   * `xstate.error.actor.<id>` with an `error`, and events a wildcard accepts. Delays and actor
   * results without a payload are tried automatically from the chart.
   */
  graphEvents?: readonly AnyEventObject[];
  /** Inputs to start from when the machine takes input; each one is traversed. */
  graphInputs?: readonly unknown[];
  /** Every delay of setup({ delays }), with its limit; `npm run diagrams -- --check` requires them. */
  delays?: Readonly<Record<string, DelayDoc>>;
}
