// The flow actors currently on screen, for "copy diagnostic info" (issue 9 §4). Each flow's hook
// registers its actor while mounted; the header's help menu copies the newest one, so a dialog's
// flow opened over a page (the QR verification) wins over the page's own flow until it closes.
import type { SnapshotSource } from '../snapshot/supportSnapshot';

export interface DiagnosticSource {
  /** The machine's id in machines/registry.ts. */
  machineId: string;
  actor: SnapshotSource;
}

type Listener = () => void;

let sources: readonly DiagnosticSource[] = [];
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

/** Adds a source; the returned function removes exactly that registration. */
export function registerDiagnosticSource(source: DiagnosticSource): () => void {
  // A fresh object per registration: the same actor registered twice (two pages of one flow
  // overlapping for a render) is removed once per unmount, not all at once.
  const registration = { ...source };
  sources = [...sources, registration];
  emit();
  return () => {
    sources = sources.filter((candidate) => candidate !== registration);
    emit();
  };
}

/** The flow the user is looking at: the newest registration, or null outside any flow. */
export function currentDiagnosticSource(): DiagnosticSource | null {
  return sources[sources.length - 1] ?? null;
}

export function subscribeDiagnosticSources(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
