// Snapshots a flow keeps in the tab's storage for continuity (a refresh) use the support envelope
// { machine, version, appVersion, at, snapshot } (docs/style.md "Persisted snapshot", issue 9 §4), not
// redacted: they never leave the browser. Reading checks the machine and its version: anything
// else (another version after a deploy, a hand-edited value, no storage) reads as nothing kept,
// so the flow starts fresh instead of restoring a shape it no longer understands.
import { machineVersion } from '../../../../../machines/machineVersion';
import { registryEntry } from '../../../../../machines/registry';
import { APP_VERSION, UnregisteredMachineError, type SupportSnapshot } from './supportSnapshot';

export function writePersistedEnvelope(
  storage: Storage,
  key: string,
  machineId: string,
  snapshot: unknown,
  now: Date = new Date(),
): void {
  const entry = registryEntry(machineId);
  if (!entry) throw new UnregisteredMachineError(machineId);
  const envelope: SupportSnapshot = {
    machine: entry.id,
    version: machineVersion(entry.machine),
    appVersion: APP_VERSION,
    at: now.toISOString(),
    snapshot,
  };
  storage.setItem(key, JSON.stringify(envelope));
}

/** The kept snapshot, or null when there is none this version of the machine can use. */
export function readPersistedEnvelope(storage: Storage, key: string, machineId: string): unknown {
  let value: unknown;
  try {
    const raw = storage.getItem(key);
    if (raw === null) return null;
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const envelope = value as Partial<SupportSnapshot>;
  const entry = registryEntry(machineId);
  if (!entry || envelope.machine !== entry.id || envelope.version !== machineVersion(entry.machine))
    return null;
  return envelope.snapshot ?? null;
}
