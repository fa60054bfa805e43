// One line in each flow's hook: "this actor is the flow on screen while I am mounted".
import { useEffect, useSyncExternalStore } from 'react';
import type { SnapshotSource } from '../snapshot/supportSnapshot';
import {
  currentDiagnosticSource,
  registerDiagnosticSource,
  subscribeDiagnosticSources,
  type DiagnosticSource,
} from './diagnosticSources';

export function useDiagnosticSource(machineId: string, actor: SnapshotSource): void {
  useEffect(() => registerDiagnosticSource({ machineId, actor }), [machineId, actor]);
}

/** The flow on screen, re-rendering when one mounts or unmounts. */
export function useCurrentDiagnosticSource(): DiagnosticSource | null {
  return useSyncExternalStore(subscribeDiagnosticSources, currentDiagnosticSource, currentDiagnosticSource);
}
