// The support snapshot envelope (issue 9 §4, docs/style.md "Persisted snapshot"):
// { machine, version, appVersion, at, snapshot }. A flow exports it redacted ("copy diagnostic
// info"); the back office's support page parses it back and refuses, with a reason it can name, a
// snapshot of a machine it does not know or of another version of that machine. Parsing never throws.
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { machineVersion } from '../../../../../machines/machineVersion';
import { registryEntry, type MachineRegistryEntry } from '../../../../../machines/registry';
import { APP_VERSION } from '../../../appBuild';
import { redactPersistedSnapshot } from './redactPersonalData';

export interface SupportSnapshot {
  machine: string;
  /** machineVersion(): a hash of the machine's definition (issue 19 §5). */
  version: string;
  appVersion: string;
  /** ISO 8601 UTC. */
  at: string;
  snapshot: unknown;
}

/** What a flow's actor offers: its persisted snapshot. */
export interface SnapshotSource {
  getPersistedSnapshot(): unknown;
}

export { APP_VERSION };

/** Thrown only for a programming error: exporting a machine the registry does not list. */
export class UnregisteredMachineError extends Error {
  constructor(readonly machineId: string) {
    super(`machine '${machineId}' is not in machines/registry.ts`);
  }
}

export function exportSupportSnapshot(
  machineId: string,
  actor: SnapshotSource,
  now: Date = new Date(),
): SupportSnapshot {
  const entry = registryEntry(machineId);
  if (!entry) throw new UnregisteredMachineError(machineId);
  return {
    machine: entry.id,
    version: machineVersion(entry.machine),
    appVersion: APP_VERSION,
    at: now.toISOString(),
    snapshot: redactPersistedSnapshot(actor.getPersistedSnapshot()),
  };
}

/** The text a "copy diagnostic info" action puts on the clipboard. */
export function supportSnapshotText(snapshot: SupportSnapshot): string {
  return JSON.stringify(snapshot, null, 2);
}

export type ParsedSupportSnapshot =
  | { kind: 'ok'; envelope: SupportSnapshot; entry: MachineRegistryEntry; state: AnyMachineSnapshot }
  | { kind: 'notJson' }
  | { kind: 'notSnapshot' }
  | { kind: 'unknownMachine'; machine: string }
  | { kind: 'otherVersion'; machine: string; version: string; expected: string }
  | { kind: 'notRestorable'; machine: string };

function isEnvelope(value: unknown): value is SupportSnapshot {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Partial<SupportSnapshot>;
  return (
    typeof candidate.machine === 'string' &&
    (typeof candidate.version === 'string' || typeof candidate.version === 'number') &&
    typeof candidate.snapshot === 'object' &&
    candidate.snapshot !== null
  );
}

/** Restores the state without starting anything: no actor is invoked, no effect runs. */
function restore(machine: AnyStateMachine, snapshot: unknown): AnyMachineSnapshot | null {
  try {
    const persisted = snapshot as { value?: unknown; context?: unknown };
    if (persisted.value === undefined) return null;
    const state = machine.resolveState({
      value: persisted.value as never,
      context: persisted.context ?? {},
    }) as AnyMachineSnapshot;
    return state;
  } catch {
    return null;
  }
}

export function parseSupportSnapshot(text: string): ParsedSupportSnapshot {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'notJson' };
  }
  if (!isEnvelope(value)) return { kind: 'notSnapshot' };
  const entry = registryEntry(value.machine);
  if (!entry) return { kind: 'unknownMachine', machine: value.machine };
  // A snapshot from before versions were hashes carries a number: another version too.
  const expected = machineVersion(entry.machine);
  if (value.version !== expected) {
    return { kind: 'otherVersion', machine: entry.id, version: String(value.version), expected };
  }
  const state = restore(entry.machine, value.snapshot);
  if (!state) return { kind: 'notRestorable', machine: entry.id };
  return { kind: 'ok', envelope: value, entry, state };
}
