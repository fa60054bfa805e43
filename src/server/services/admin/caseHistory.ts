// The case history the reviewer reads: the application's lifecycle changes (applicant and reviewer
// alike) and the back office's audit entries for it, oldest first.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CaseHistoryEntry } from '../../../contract/api/admin';
import { users } from '../../db/schema/accounts';
import { auditLog } from '../../db/schema/audit';
import { cardApplicationHistory } from '../../db/schema/card';
import { certificationHistory } from '../../db/schema/certification';
import type { DbOrTx } from '../../types';
import type { CaseKind } from './auditTrail';

interface LifecycleRow {
  id: string;
  actorId: string | null;
  action: string;
  fromState: string;
  toState: string;
  detail: unknown;
  createdAt: Date;
}

function lifecycleRows(db: DbOrTx, kind: CaseKind, caseId: string): Promise<LifecycleRow[]> {
  const table = kind === 'certification' ? certificationHistory : cardApplicationHistory;
  // Rows of one instant (a reapply and the save in its transaction, a test's fixed clock) keep the
  // order they were written in: the time alone left that to the planner (a full local run, session
  // 15, saw a save read after the submit it came before).
  return db
    .select()
    .from(table)
    .where(eq(table.applicationId, caseId))
    .orderBy(asc(table.createdAt), asc(table.seq));
}

function detailOf(detail: unknown): {
  reason: string | null;
  flaggedFields: string[];
  comment: string | null;
} {
  const d = (typeof detail === 'object' && detail !== null ? detail : {}) as Record<string, unknown>;
  const reason = typeof d['reason'] === 'string' ? d['reason'] : null;
  const flagged = Array.isArray(d['flaggedFields'])
    ? d['flaggedFields'].filter((f): f is string => typeof f === 'string')
    : [];
  // A field flag's comment (contract/api/fieldFlags.ts).
  const comment = typeof d['comment'] === 'string' ? d['comment'] : null;
  return { reason, flaggedFields: flagged, comment };
}

export async function caseHistory(db: DbOrTx, kind: CaseKind, caseId: string): Promise<CaseHistoryEntry[]> {
  const [lifecycle, audit] = await Promise.all([
    lifecycleRows(db, kind, caseId),
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.caseKind, kind), eq(auditLog.caseId, caseId)))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.seq)),
  ]);
  const actorIds = [...new Set([...lifecycle.map((r) => r.actorId), ...audit.map((r) => r.actorId)])].filter(
    (id): id is string => id !== null,
  );
  const actors =
    actorIds.length === 0
      ? []
      : await db
          .select({ id: users.id, email: users.email, role: users.role })
          .from(users)
          .where(inArray(users.id, actorIds));
  const actorById = new Map(actors.map((a) => [a.id, { userId: a.id, email: a.email, role: a.role }]));
  const entries: CaseHistoryEntry[] = [
    ...lifecycle.map((row) => ({
      id: row.id,
      source: 'lifecycle' as const,
      action: row.action,
      fromState: row.fromState,
      toState: row.toState,
      actor: row.actorId ? (actorById.get(row.actorId) ?? null) : null,
      ...detailOf(row.detail),
      at: row.createdAt.toISOString(),
    })),
    ...audit.map((row) => ({
      id: row.id,
      source: 'audit' as const,
      action: row.action,
      fromState: row.fromState,
      toState: row.toState,
      actor: actorById.get(row.actorId) ?? {
        userId: row.actorId,
        email: row.actorEmail,
        role: 'reviewer' as const,
      },
      reason: row.reason,
      flaggedFields: detailOf(row.detail).flaggedFields,
      comment: detailOf(row.detail).comment,
      at: row.createdAt.toISOString(),
    })),
  ];
  // Stable: a lifecycle row and its audit entry share a time; the lifecycle change reads first.
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}
