// Every machine of the portal, flows and lifecycles, in one list. Diagrams (npm run diagrams) and the
// generated path-coverage tests (npm run test:paths) read this list, so a machine registered here is
// drawn and covered without any further line anywhere.
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { accountActivationLifecycleMachine } from './accountActivationLifecycle.machine';
import { cardApplicationLifecycleMachine } from './cardApplicationLifecycle.machine';
import { certificationLifecycleMachine } from './certificationLifecycle.machine';
import { sessionMachine } from './session.machine';
import { verificationSessionLifecycleMachine } from './verificationSessionLifecycle.machine';

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

export const machineRegistry: readonly MachineRegistryEntry[] = [
  {
    id: 'session',
    version: 1,
    kind: 'flow',
    title: 'Browser session',
    machine: sessionMachine,
    graphInputs: [{ signedIn: false }, { signedIn: true }],
    graphEvents: [{ type: 'server.sessionInvalid', code: 301002 }],
  },
  {
    id: 'certificationLifecycle',
    version: 1,
    kind: 'lifecycle',
    title: 'Enterprise certification status',
    machine: certificationLifecycleMachine,
  },
  {
    id: 'cardApplicationLifecycle',
    version: 1,
    kind: 'lifecycle',
    title: 'Card business application status',
    machine: cardApplicationLifecycleMachine,
  },
  {
    id: 'verificationSessionLifecycle',
    version: 1,
    kind: 'lifecycle',
    title: 'QR identity verification session',
    machine: verificationSessionLifecycleMachine,
  },
  {
    id: 'accountActivationLifecycle',
    version: 1,
    kind: 'lifecycle',
    title: 'Account activation',
    machine: accountActivationLifecycleMachine,
  },
];

export function registryEntry(id: string): MachineRegistryEntry | undefined {
  return machineRegistry.find((entry) => entry.id === id);
}
