// Reading and writing a company's certification records. Every change goes through `lockForChange`
// inside a transaction: the company row is locked FOR UPDATE first (it exists even before the
// application row does), so two requests of one company (a double-click submit, two tabs) run one
// after the other and the second sees what the first did.
import { eq } from 'drizzle-orm';
import type { CertificationStepId } from '../../../contract/api/certification';
import { companies, users } from '../../db/schema/accounts';
import {
  certificationApplications,
  certificationHistory,
  type CertificationApplication,
} from '../../db/schema/certification';
import { notFound } from '../../errors';
import { changedByThisRequestKey, thisRequestsKey } from '../../db/spentByThisRequest';
import type { DbOrTx } from '../../types';
import type { StoredStatus, Transition } from './lifecycleState';

export type CompanyRow = typeof companies.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export interface CertificationRecord {
  company: CompanyRow;
  application: CertificationApplication | null;
  user: UserRow;
}

export function storedStatusOf(record: Pick<CertificationRecord, 'company' | 'application'>): StoredStatus {
  return {
    certificationStatus: record.company.certificationStatus,
    auditStatus: record.company.auditStatus,
    hasDraft: record.application !== null && record.application.lifecycleState !== 'notCertified.noDraft',
  };
}

async function load(
  db: DbOrTx,
  principal: { companyId: string; userId: string },
  lock: boolean,
): Promise<CertificationRecord> {
  const companyQuery = db.select().from(companies).where(eq(companies.id, principal.companyId));
  const [company] = lock ? await companyQuery.for('update') : await companyQuery;
  if (!company) throw notFound();
  const applicationQuery = db
    .select()
    .from(certificationApplications)
    .where(eq(certificationApplications.companyId, company.id));
  const [application] = lock ? await applicationQuery.for('update') : await applicationQuery;
  const [user] = await db.select().from(users).where(eq(users.id, principal.userId));
  if (!user || user.companyId !== company.id) throw notFound();
  return { company, application: application ?? null, user };
}

export function readRecord(db: DbOrTx, principal: { companyId: string; userId: string }) {
  return load(db, principal, false);
}

/** Call inside a transaction: the rows stay locked until it ends. */
export function lockForChange(tx: DbOrTx, principal: { companyId: string; userId: string }) {
  return load(tx, principal, true);
}

export interface ApplicationChange {
  draft?: unknown;
  currentStep?: CertificationStepId;
  lifecycleState: string;
  submittedData?: unknown;
  submittedAt?: Date;
  submittedBy?: string;
}

/** Writes the application (creating it on the first change) with the version bumped by one. */
/**
 * This request (the same idempotency key) made the stored version already: it was cut after its
 * commit and sent again. It is answered from what it wrote, not refused as stale by its own write.
 */
export function changedByThisRequest(record: Pick<CertificationRecord, 'application'>): boolean {
  return changedByThisRequestKey(record.application?.lastChangedBy);
}

export async function writeApplication(
  tx: DbOrTx,
  record: CertificationRecord,
  change: ApplicationChange,
  now: Date,
): Promise<CertificationApplication> {
  const existing = record.application;
  if (!existing) {
    const [created] = await tx
      .insert(certificationApplications)
      .values({
        companyId: record.company.id,
        lifecycleState: change.lifecycleState,
        draft: change.draft ?? {},
        currentStep: change.currentStep ?? 'selectLocationCompany',
        version: 1,
        lastChangedBy: thisRequestsKey(),
        submittedData: change.submittedData ?? null,
        submittedAt: change.submittedAt ?? null,
        submittedBy: change.submittedBy ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error('certification application insert returned no row');
    return created;
  }
  const [updated] = await tx
    .update(certificationApplications)
    .set({ ...change, version: existing.version + 1, updatedAt: now, lastChangedBy: thisRequestsKey() })
    .where(eq(certificationApplications.id, existing.id))
    .returning();
  if (!updated) throw new Error('certification application update returned no row');
  return updated;
}

/** Stores the status numbers of the new state on the company and appends the history row. */
export async function recordTransition(
  tx: DbOrTx,
  record: CertificationRecord,
  application: CertificationApplication,
  transition: Transition,
  now: Date,
  detail: unknown = null,
): Promise<void> {
  const { status, audit } = transition.codes;
  await tx
    .update(companies)
    .set({ certificationStatus: status, auditStatus: audit })
    .where(eq(companies.id, record.company.id));
  await tx.insert(certificationHistory).values({
    applicationId: application.id,
    companyId: record.company.id,
    actorId: record.user.id,
    action: transition.event,
    fromState: transition.from,
    toState: transition.to,
    detail,
    createdAt: now,
  });
}
