// "Copy diagnostic info": the on-screen flow's redacted support snapshot, as text, on the clipboard.
import { exportSupportSnapshot, supportSnapshotText } from '../snapshot/supportSnapshot';
import { copyText } from './copyText';
import type { DiagnosticSource } from './diagnosticSources';

export type CopyDiagnosticOutcome = { kind: 'copied'; text: string } | { kind: 'failed'; text: string };

export function diagnosticText(source: DiagnosticSource, now: Date = new Date()): string {
  return supportSnapshotText(exportSupportSnapshot(source.machineId, source.actor, now));
}

export async function copyDiagnosticInfo(source: DiagnosticSource): Promise<CopyDiagnosticOutcome> {
  const text = diagnosticText(source);
  return (await copyText(text)) ? { kind: 'copied', text } : { kind: 'failed', text };
}
