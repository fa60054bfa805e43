// One case of either kind locked for a back-office step that is not itself a lifecycle decision
// (proposing or declining an approval, claiming): the rows locked in the decisions' order (company,
// then application), the version check, and what the case's own chart (and, for a certification,
// the authorizer's face check) says about approving it.
import { eq } from 'drizzle-orm';
import { cardApplications } from '../../db/schema/card';
import { certificationApplications } from '../../db/schema/certification';
import type { DbOrTx } from '../../types';
import { storedStatusOf } from '../certification/applicationRecord';
import { currentState, statePathOf } from '../certification/lifecycleState';
import type { CaseKind } from './auditTrail';
import { allowedCardDecisions } from './cardDecisions';
import { cardQueueStatusOf } from './cardStatus';
import type { CompanyRow, UserRow } from './caseParties';
import { allowedCertificationDecisions } from './certificationDecisions';
import { certificationQueueStatusOf } from './certificationStatus';
import { lockDecisionCase } from './decisionCase';
import { assertUnchangedSince } from './decisionConflict';
import { assertFaceAllowsApproval } from './faceApprovalGate';

export interface LockedCase {
  kind: CaseKind;
  id: string;
  company: CompanyRow;
  actor: UserRow;
  version: number;
  /** The case's lifecycle state as the audit trail records it. */
  state: string;
  /** Whether the case's own chart allows 'reviewer.approve' now. */
  approvable: boolean;
  /** What an approval needs beyond the chart (issue 28 §5: a decided face); throws the refusal. */
  assertMayApprove(): Promise<void>;
  /** Moves the version on: a step others must see before they decide (decisionConflict). */
  bump(now: Date): Promise<number>;
}

/** Locks the case and checks the version the caller looked at (null: no check, e.g. a claim). */
export async function lockCase(
  tx: DbOrTx,
  actorId: string,
  kind: CaseKind,
  caseId: string,
  lookedAtVersion: number | null,
): Promise<LockedCase> {
  if (kind === 'certification') {
    const { company, application, reviewer } = await lockDecisionCase(tx, actorId, {
      companyIdOf: async () =>
        (
          await tx
            .select({ companyId: certificationApplications.companyId })
            .from(certificationApplications)
            .where(eq(certificationApplications.id, caseId))
        )[0]?.companyId,
      lockApplication: async () =>
        (
          await tx
            .select()
            .from(certificationApplications)
            .where(eq(certificationApplications.id, caseId))
            .for('update')
        )[0],
    });
    const state = statePathOf(currentState(storedStatusOf({ company, application })));
    if (lookedAtVersion !== null)
      assertUnchangedSince(lookedAtVersion, {
        version: application.version,
        status: certificationQueueStatusOf(state, application.decision),
      });
    return {
      kind,
      id: application.id,
      company,
      actor: reviewer,
      version: application.version,
      state,
      approvable: allowedCertificationDecisions(state).includes('approve'),
      assertMayApprove: () => assertFaceAllowsApproval(tx, company.id, application.submittedData),
      bump: async (now) => {
        await tx
          .update(certificationApplications)
          .set({ version: application.version + 1, updatedAt: now })
          .where(eq(certificationApplications.id, application.id));
        return application.version + 1;
      },
    };
  }
  const { company, application, reviewer } = await lockDecisionCase(tx, actorId, {
    companyIdOf: async () =>
      (
        await tx
          .select({ companyId: cardApplications.companyId })
          .from(cardApplications)
          .where(eq(cardApplications.id, caseId))
      )[0]?.companyId,
    lockApplication: async () =>
      (await tx.select().from(cardApplications).where(eq(cardApplications.id, caseId)).for('update'))[0],
  });
  if (lookedAtVersion !== null)
    assertUnchangedSince(lookedAtVersion, {
      version: application.version,
      status: cardQueueStatusOf(application.state),
    });
  return {
    kind,
    id: application.id,
    company,
    actor: reviewer,
    version: application.version,
    state: application.state,
    approvable: allowedCardDecisions(application.state).includes('approve'),
    // A card application has no face check of its own (the certification before it had).
    assertMayApprove: async () => undefined,
    bump: async (now) => {
      await tx
        .update(cardApplications)
        .set({ version: application.version + 1, updatedAt: now })
        .where(eq(cardApplications.id, application.id));
      return application.version + 1;
    },
  };
}
