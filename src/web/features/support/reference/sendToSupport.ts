// "Send to support" (issue 19 §5): the on-screen flow's redacted snapshot goes to the server, which
// keeps it under a short reference the applicant quotes to support. The API client toasts a refusal
// or a lost connection itself; this resolves to null then.
import {
  SupportReferencePaths,
  type SupportReferenceCreated,
} from '../../../../contract/api/supportReferences';
import { api } from '../../../api/api';
import type { DiagnosticSource } from '../diagnostics/diagnosticSources';
import { exportSupportSnapshot } from '../snapshot/supportSnapshot';

export async function sendToSupport(source: DiagnosticSource): Promise<SupportReferenceCreated | null> {
  const envelope = exportSupportSnapshot(source.machineId, source.actor);
  const answer = await api.post<SupportReferenceCreated>(SupportReferencePaths.create, envelope);
  return answer === false ? null : answer;
}
