// Appending to the back office's audit trail (src/server/db/schema/audit.ts). Call it in the
// transaction that makes the decision: the decision and its record commit together or not at all.
import { auditLog } from '../../db/schema/audit';
import type { DbOrTx } from '../../types';

export type CaseKind = 'certification' | 'cardApplication';

export interface AuditEntry {
  actor: { id: string; email: string };
  caseKind: CaseKind;
  caseId: string;
  companyId: string;
  /** Stored as '<caseKind>.<what>'; faceConfirm / faceReject decide a referred face check (issue 16 §5);
   *  the approval proposals and the claims are issue 21's steps of the timeline. */
  what:
    | 'approve'
    | 'reject'
    | 'requestRevision'
    | 'faceConfirm'
    | 'faceReject'
    | 'proposeApproval'
    | 'confirmApproval'
    | 'declineApproval'
    | 'claim'
    | 'release'
    | 'reassign'
    // Issue 21 §3: each flag, unflag and comment on a field (contract/api/fieldFlags.ts).
    | 'fieldFlagged'
    | 'fieldUnflagged'
    | 'fieldCommented';
  fromState: string;
  toState: string;
  reason: string | null;
  detail: Record<string, unknown> | null;
  at: Date;
}

export async function appendAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: `${entry.caseKind}.${entry.what}`,
    caseKind: entry.caseKind,
    caseId: entry.caseId,
    companyId: entry.companyId,
    fromState: entry.fromState,
    toState: entry.toState,
    reason: entry.reason,
    detail: entry.detail,
    createdAt: entry.at,
  });
}
