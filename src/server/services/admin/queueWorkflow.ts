// What issue 21 §2 adds to both queues: filters on whose claim a case is under, the company type it
// was certified with, how long it has waited, whether an approval waits for a second person, the
// order (the registration code joined the search in queueFilters.ts); and, per listed case, its live claim and approval state.
import { and, asc, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CaseApprovalState, QueueSort } from '../../../contract/api/admin';
import type { CaseClaim } from '../../../contract/api/caseClaims';
import { companies } from '../../db/schema/accounts';
import { approvalProposals, caseClaims } from '../../db/schema/backOffice';
import { certificationApplications } from '../../db/schema/certification';
import type { DbOrTx } from '../../types';
import type { CaseKind } from './auditTrail';
import { liveClaims } from './caseClaims';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface WorkflowFilters {
  assignee?: string | undefined;
  companyType?: string | undefined;
  minAgeDays?: number | undefined;
  approval?: 'proposed' | undefined;
  q?: string | undefined;
}

/** Conditions over the queue's case id and submission time; `me` is the caller. */
export function workflowConditions(
  kind: CaseKind,
  caseId: AnyPgColumn,
  submittedAt: AnyPgColumn,
  filters: WorkflowFilters,
  me: string,
  now: Date,
): SQL[] {
  const conditions: SQL[] = [];
  const claimOfCase = and(
    eq(caseClaims.caseKind, kind),
    eq(caseClaims.caseId, caseId),
    gt(caseClaims.expiresAt, now),
  );
  if (filters.assignee === 'unassigned') {
    conditions.push(sql`not exists (select 1 from ${caseClaims} where ${claimOfCase})`);
  } else if (filters.assignee) {
    const holder = filters.assignee === 'me' ? me : filters.assignee;
    conditions.push(
      sql`exists (select 1 from ${caseClaims} where ${and(claimOfCase, eq(caseClaims.claimedBy, holder))})`,
    );
  }
  if (filters.companyType) {
    // The type the company certified with (the card queue's companies are certified too).
    conditions.push(
      sql`exists (select 1 from ${certificationApplications} where ${certificationApplications.companyId} = ${companies.id} and ${certificationApplications.submittedData} -> 'completeCompanyInfo' ->> 'companyType' = ${filters.companyType})`,
    );
  }
  if (filters.minAgeDays !== undefined && filters.minAgeDays > 0) {
    conditions.push(lte(submittedAt, new Date(now.getTime() - filters.minAgeDays * DAY_MS)));
  }
  if (filters.approval === 'proposed') {
    conditions.push(
      sql`exists (select 1 from ${approvalProposals} where ${and(
        eq(approvalProposals.caseKind, kind),
        eq(approvalProposals.caseId, caseId),
        eq(approvalProposals.state, 'proposed'),
      )})`,
    );
  }
  return conditions;
}

/** The order of a queue page; the id breaks ties so paging never repeats or skips a row. */
export function queueOrder(sort: QueueSort, submittedAt: AnyPgColumn, id: AnyPgColumn): SQL[] {
  if (sort === 'newest') return [desc(submittedAt), desc(id)];
  if (sort === 'companyName') return [asc(companies.name), asc(id)];
  return [asc(submittedAt), asc(id)];
}

/** Per listed case: its live claim and whether an approval waits for a second person. */
export async function workflowOf(
  db: DbOrTx,
  kind: CaseKind,
  ids: readonly string[],
  now: Date,
): Promise<{
  claims: Map<string, CaseClaim>;
  approvalOf: (id: string, approved: boolean) => CaseApprovalState;
}> {
  const [claims, pending] = await Promise.all([
    liveClaims(db, kind, ids, now),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({ caseId: approvalProposals.caseId })
          .from(approvalProposals)
          .where(
            and(
              eq(approvalProposals.caseKind, kind),
              inArray(approvalProposals.caseId, [...ids]),
              eq(approvalProposals.state, 'proposed'),
            ),
          ),
  ]);
  const proposed = new Set(pending.map((p) => p.caseId));
  return {
    claims,
    approvalOf: (id, approved) =>
      approved ? 'approved' : proposed.has(id) ? 'proposed' : 'awaitingProposal',
  };
}
