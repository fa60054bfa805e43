// Reading and writing a company's card application. Every change runs in a transaction that first
// locks the company row FOR UPDATE (it exists before the application row does), so two requests of
// one company (a double-click submit, two tabs) run one after the other and the second sees the first.
import { eq } from 'drizzle-orm';
import type { CardApplicationStatus } from '../../../contract/statuses';
import { companies } from '../../db/schema/accounts';
import { cardApplicationHistory, cardApplications, type CardApplication } from '../../db/schema/card';
import { notFound } from '../../errors';
import type { DbOrTx } from '../../types';
import { NOT_STARTED, type CardTransition } from './lifecycle';

export type CompanyRow = typeof companies.$inferSelect;

export interface CardRecord {
  company: CompanyRow;
  application: CardApplication | null;
}

/** The caller as the routes know it: always the signed-in applicant's own company. */
export interface CardActor {
  companyId: string;
  userId: string;
}

async function load(db: DbOrTx, actor: CardActor, lock: boolean): Promise<CardRecord> {
  const companyQuery = db.select().from(companies).where(eq(companies.id, actor.companyId));
  const [company] = lock ? await companyQuery.for('update') : await companyQuery;
  if (!company) throw notFound();
  const [application] = await db
    .select()
    .from(cardApplications)
    .where(eq(cardApplications.companyId, company.id));
  return { company, application: application ?? null };
}

export function readRecord(db: DbOrTx, actor: CardActor): Promise<CardRecord> {
  return load(db, actor, false);
}

/** Call inside a transaction: the company row stays locked until it ends. */
export function lockForChange(tx: DbOrTx, actor: CardActor): Promise<CardRecord> {
  return load(tx, actor, true);
}

export function storedStatusOf(record: CardRecord): CardApplicationStatus {
  return (record.application?.state as CardApplicationStatus | undefined) ?? NOT_STARTED;
}

export type CardApplicationChange = Partial<
  Pick<
    CardApplication,
    | 'businessPurpose'
    | 'fileId'
    | 'answers'
    | 'submittedData'
    | 'submittedAt'
    | 'submittedBy'
    | 'reason'
    | 'decidedAt'
    | 'decidedBy'
  >
> & { state: CardApplicationStatus };

/** Writes the application (creating it on the first change) with the version bumped by one. */
export async function writeApplication(
  tx: DbOrTx,
  record: CardRecord,
  change: CardApplicationChange,
  now: Date,
): Promise<CardApplication> {
  const existing = record.application;
  if (!existing) {
    const [created] = await tx
      .insert(cardApplications)
      .values({ ...change, companyId: record.company.id, version: 1, createdAt: now, updatedAt: now })
      .returning();
    return created!;
  }
  const [updated] = await tx
    .update(cardApplications)
    .set({ ...change, version: existing.version + 1, updatedAt: now })
    .where(eq(cardApplications.id, existing.id))
    .returning();
  return updated!;
}

export async function recordTransition(
  tx: DbOrTx,
  application: CardApplication,
  actorId: string,
  transition: CardTransition,
  now: Date,
  detail: unknown = null,
): Promise<void> {
  await tx.insert(cardApplicationHistory).values({
    applicationId: application.id,
    companyId: application.companyId,
    actorId,
    action: transition.event,
    fromState: transition.from,
    toState: transition.to,
    detail,
    createdAt: now,
  });
}
