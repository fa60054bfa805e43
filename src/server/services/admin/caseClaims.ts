// Claims on cases (issue 21 §2; contract src/contract/api/caseClaims.ts). A claim is one row per
// case in case_claims; it counts while expires_at is in the future. Deciding is refused while
// someone else holds a live claim (so two people never work one case unknowingly), and a decision
// by the holder ends the claim: the case moves on to whoever is next (an approver, the applicant).
// Every claim, release and reassignment is an audit row of the case's timeline.
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { CaseClaim, ClaimAssignee } from '../../../contract/api/caseClaims';
import { BACK_OFFICE_ROLES, rolesAllow } from '../../../contract/api/backOfficeRoles';
import { Limits } from '../../../contract/limits';
import { formatPersonName } from '../../../contract/personName';
import { users } from '../../db/schema/accounts';
import { caseClaims } from '../../db/schema/backOffice';
import { AppError } from '../../errors';
import type { Clock, Db, DbOrTx } from '../../types';
import type { StepGuard } from './approvals';
import { appendAudit, type CaseKind } from './auditTrail';
import { lockCase, type LockedCase } from './caseLock';
import type { DecisionGuard } from './decisionCase';

type ClaimRow = typeof caseClaims.$inferSelect;

const ofCase = (kind: CaseKind, caseId: string) =>
  and(eq(caseClaims.caseKind, kind), eq(caseClaims.caseId, caseId));

/** The live claims of the given cases, with their holders, for case views and queues. */
export async function liveClaims(
  db: DbOrTx,
  kind: CaseKind,
  caseIds: readonly string[],
  now: Date,
): Promise<Map<string, CaseClaim>> {
  if (caseIds.length === 0) return new Map();
  const rows = await db
    .select({ claim: caseClaims, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(caseClaims)
    .innerJoin(users, eq(users.id, caseClaims.claimedBy))
    .where(
      and(
        eq(caseClaims.caseKind, kind),
        inArray(caseClaims.caseId, [...caseIds]),
        gt(caseClaims.expiresAt, now),
      ),
    );
  return new Map(
    rows.map((r) => [
      r.claim.caseId,
      {
        by: { userId: r.claim.claimedBy, email: r.email, name: formatPersonName(r) },
        claimedAt: r.claim.claimedAt.toISOString(),
        expiresAt: r.claim.expiresAt.toISOString(),
      },
    ]),
  );
}

async function claimRow(tx: DbOrTx, kind: CaseKind, caseId: string): Promise<ClaimRow | undefined> {
  const [row] = await tx.select().from(caseClaims).where(ofCase(kind, caseId)).for('update');
  return row;
}

async function claimOf(tx: DbOrTx, kind: CaseKind, caseId: string, now: Date): Promise<CaseClaim> {
  const claim = (await liveClaims(tx, kind, [caseId], now)).get(caseId);
  if (!claim) throw new Error('a claim just written is not there');
  return claim;
}

/** Someone else's live claim refuses the step; with `endOwn`, the holder's own ends with it (a
 *  decision: the case moves on to someone else). */
async function assertFreeFor(
  tx: DbOrTx,
  kind: CaseKind,
  caseId: string,
  actorId: string,
  now: Date,
  endOwn = true,
) {
  const row = await claimRow(tx, kind, caseId);
  if (!row || row.expiresAt <= now) return;
  if (row.claimedBy !== actorId) {
    throw new AppError('caseClaimedByOther', 409, await claimOf(tx, kind, caseId, now));
  }
  if (endOwn) await tx.delete(caseClaims).where(ofCase(kind, caseId));
}

/** For a step within the review (a referred face check's decision): nobody else's live claim; the
 *  holder keeps theirs, the case is not decided yet. */
export function assertNotClaimedByOther(
  tx: DbOrTx,
  kind: CaseKind,
  caseId: string,
  actorId: string,
  now: Date,
) {
  return assertFreeFor(tx, kind, caseId, actorId, now, false);
}

export function createCaseClaims(db: Db, clock: Clock) {
  async function step(
    kind: CaseKind,
    caseId: string,
    actorId: string,
    run: (
      tx: DbOrTx,
      locked: LockedCase,
      current: ClaimRow | undefined,
      now: Date,
    ) => Promise<CaseClaim | null>,
  ) {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const locked = await lockCase(tx, actorId, kind, caseId, null);
      const row = await claimRow(tx, kind, locked.id);
      return run(tx, locked, row && row.expiresAt > now ? row : undefined, now);
    });
  }

  async function put(tx: DbOrTx, locked: LockedCase, holderId: string, now: Date) {
    const values = {
      caseKind: locked.kind,
      caseId: locked.id,
      claimedBy: holderId,
      claimedAt: now,
      expiresAt: new Date(now.getTime() + Limits.backOffice.claimMs),
    };
    await tx
      .insert(caseClaims)
      .values(values)
      .onConflictDoUpdate({ target: [caseClaims.caseKind, caseClaims.caseId], set: values });
  }

  const audit = (
    tx: DbOrTx,
    locked: LockedCase,
    what: 'claim' | 'release' | 'reassign',
    now: Date,
    detail: Record<string, unknown> | null,
  ) =>
    appendAudit(tx, {
      actor: { id: locked.actor.id, email: locked.actor.email },
      caseKind: locked.kind,
      caseId: locked.id,
      companyId: locked.company.id,
      what,
      fromState: locked.state,
      toState: locked.state,
      reason: null,
      detail,
      at: now,
    });

  return {
    /** Claims the case, or renews one's own claim; someone else's live claim refuses. */
    claim: (kind: CaseKind, caseId: string, actorId: string) =>
      step(kind, caseId, actorId, async (tx, locked, current, now) => {
        if (current && current.claimedBy !== actorId) {
          throw new AppError('caseClaimedByOther', 409, await claimOf(tx, kind, locked.id, now));
        }
        await put(tx, locked, actorId, now);
        await audit(tx, locked, 'claim', now, current ? { renewed: true } : null);
        return claimOf(tx, kind, locked.id, now);
      }),

    release: (kind: CaseKind, caseId: string, actorId: string) =>
      step(kind, caseId, actorId, async (tx, locked, current, now) => {
        if (!current || current.claimedBy !== actorId) throw new AppError('claimNotHeld', 409);
        await tx.delete(caseClaims).where(ofCase(kind, locked.id));
        await audit(tx, locked, 'release', now, null);
        return null;
      }),

    /** An approver or admin hands the case to another account that may claim cases. */
    reassign: (kind: CaseKind, caseId: string, actorId: string, toUserId: string) =>
      step(kind, caseId, actorId, async (tx, locked, current, now) => {
        const [target] = await tx.select().from(users).where(eq(users.id, toUserId));
        if (
          !target ||
          target.role !== 'reviewer' ||
          target.status !== 'active' ||
          !rolesAllow(target.backOfficeRoles, 'cases.claim')
        ) {
          throw new AppError('claimAssigneeInvalid', 400);
        }
        await put(tx, locked, target.id, now);
        await audit(tx, locked, 'reassign', now, { from: current?.claimedBy ?? null, to: target.id });
        return claimOf(tx, kind, locked.id, now);
      }),
  };
}

/** For proposals and declines (approvals.ts): nobody else's live claim; the holder's ends. */
export function claimStepGuard(now: Date): StepGuard {
  return (tx, locked) => assertFreeFor(tx, locked.kind, locked.id, locked.actor.id, now);
}

/** For decisions (reject, revision, confirmation): the same rule. */
export function claimDecisionGuard(kind: CaseKind, caseId: string, now: Date): DecisionGuard {
  return (tx, { reviewer }) => assertFreeFor(tx, kind, caseId, reviewer.id, now);
}

/** The accounts a claim may be given to: active back-office accounts whose roles may claim. */
export async function claimAssignees(db: DbOrTx): Promise<ClaimAssignee[]> {
  const claiming = BACK_OFFICE_ROLES.filter((role) => rolesAllow([role], 'cases.claim'));
  const rows = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(
        eq(users.role, 'reviewer'),
        eq(users.status, 'active'),
        // The role names are the contract's constants, not input.
        sql`${users.backOfficeRoles} && ${sql.raw(`ARRAY[${claiming.map((r) => `'${r}'`).join(',')}]::text[]`)}`,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email))
    .limit(Limits.backOffice.assigneesMax);
  return rows.map((r) => ({ userId: r.id, email: r.email, name: formatPersonName(r) }));
}
