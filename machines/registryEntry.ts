// The shape of one entry of machines/registry.ts. On its own so that the per-machine registry files
// (*.registry.ts), which registry.ts imports, can type their entries without importing registry.ts
// back: the import graph of machines/ stays free of cycles (issue 19 §6). Imports nothing of ours.
import type { AnyEventObject, AnyStateMachine } from 'xstate';

export interface MachineRegistryEntry {
  /** The machine's own id (`createMachine({ id })`); names docs/machines/<id>.md. */
  id: string;
  /** Bumped when a persisted snapshot of the previous shape would no longer restore. */
  version: number;
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
}
