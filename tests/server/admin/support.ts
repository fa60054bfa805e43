// Shared by the back-office tests: reviewers, cases submitted through the real applicant APIs (the
// certification and card fixtures of their own suites), cases seeded straight into the tables when
// a test needs many, and small readers for "nothing changed" comparisons.
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Envelope } from '../../../src/contract/envelope';
import { companies, users } from '../../../src/server/db/schema/accounts';
import { auditLog } from '../../../src/server/db/schema/audit';
import { cardApplicationHistory, cardApplications } from '../../../src/server/db/schema/card';
import { certificationApplications, certificationHistory } from '../../../src/server/db/schema/certification';
import { outbox } from '../../../src/server/db/schema/outbox';
import { createCompany, signInAs, type SignedIn } from '../../support/sessions';
import type { TestApp } from '../../support/testApp';
import * as card from '../card/support';
import * as kyb from '../certification/support';

export interface Who {
  headers: Record<string, string>;
}

export async function call<T = unknown>(
  t: TestApp,
  who: Who | null,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  language: '0' | '1' = '1',
): Promise<{ status: number; body: Envelope<T> }> {
  const headers: Record<string, string> = { ...(who?.headers ?? {}), language };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${t.url}/plat${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

export function reviewer(t: TestApp): Promise<SignedIn> {
  return signInAs(t.app, { role: 'reviewer', language: 'en-us' });
}

/** A CN applicant whose complete certification went through POST /plat/kyb/submit. */
export async function submittedCertification(t: TestApp, opts: { language?: 'zh-cn' | 'en-us' } = {}) {
  const { caller, draft } = await kyb.readyApplicant(t, { language: opts.language });
  const submitted = await kyb.submit(t, caller);
  if (submitted.status !== 200) throw new Error(`submit failed: ${JSON.stringify(submitted.body)}`);
  const application = await certificationOf(t.app, caller.signedIn.companyId!);
  return { caller, draft, application: application! };
}

/** A company with a card application submitted through POST /plat/card/application/submit. */
export async function submittedCardApplication(t: TestApp) {
  const who = await card.applicant(t.app, { location: 'HK' });
  const res = await card.call(
    t,
    who,
    'POST',
    '/card/application/submit',
    await card.completeApplication(t, who),
  );
  if (res.status !== 200) throw new Error(`card submit failed: ${JSON.stringify(res.body)}`);
  const application = await card.storedApplication(t.app, who.companyId!);
  return { who, application: application! };
}

export async function certificationOf(app: FastifyInstance, companyId: string) {
  const [row] = await app.db
    .select()
    .from(certificationApplications)
    .where(eq(certificationApplications.companyId, companyId));
  return row ?? null;
}

export async function companyOf(app: FastifyInstance, companyId: string) {
  const [row] = await app.db.select().from(companies).where(eq(companies.id, companyId));
  return row!;
}

export function auditRowsOf(app: FastifyInstance, caseId: string) {
  return app.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.caseId, caseId))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.seq));
}

export function mailsTo(app: FastifyInstance, to: string, template: string) {
  return app.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.template, template)));
}

export function certificationHistoryOf(app: FastifyInstance, applicationId: string) {
  return app.db
    .select()
    .from(certificationHistory)
    .where(eq(certificationHistory.applicationId, applicationId));
}

export function cardHistoryOf(app: FastifyInstance, applicationId: string) {
  return app.db
    .select()
    .from(cardApplicationHistory)
    .where(eq(cardApplicationHistory.applicationId, applicationId));
}

/** Everything a refused decision must leave as it was. */
export async function certificationSnapshot(app: FastifyInstance, companyId: string) {
  const application = await certificationOf(app, companyId);
  return {
    company: await companyOf(app, companyId),
    application,
    history: application ? (await certificationHistoryOf(app, application.id)).length : 0,
    audit: application ? (await auditRowsOf(app, application.id)).length : 0,
    mails: (await app.db.select().from(outbox)).length,
  };
}

export async function cardSnapshot(app: FastifyInstance, companyId: string) {
  const application = await card.storedApplication(app, companyId);
  return {
    application,
    history: application ? (await cardHistoryOf(app, application.id)).length : 0,
    audit: application ? (await auditRowsOf(app, application.id)).length : 0,
    mails: (await app.db.select().from(outbox)).length,
  };
}

// ---- seeded cases (many, fast) -------------------------------------------------------------------

export interface SeedCase {
  companyName?: string;
  location?: string;
  email?: string;
  submittedAt: Date;
  /** Certification: 'underReview' | 'rejected' | 'revisionRequested' | 'approved' | 'draft'. */
  status: string;
}

async function seedApplicant(app: FastifyInstance, seed: SeedCase) {
  const company = await createCompany(app, {
    name: seed.companyName ?? `Seeded ${randomUUID().slice(0, 8)}`,
    location: seed.location ?? 'CN',
  });
  const [user] = await app.db
    .insert(users)
    .values({
      companyId: company.id,
      email: seed.email ?? `seed-${randomUUID().slice(0, 8)}@example.test`,
      firstName: 'Seed',
      lastName: 'Applicant',
      position: 'legalPerson',
      passwordHash: '!seeded',
      status: 'active',
    })
    .returning();
  return { company, user: user! };
}

const CERT_STATUS = {
  underReview: { lifecycleState: 'underReview', decision: null, status: 1, audit: 1 },
  rejected: { lifecycleState: 'rejected', decision: 'rejected', status: 1, audit: 3 },
  revisionRequested: { lifecycleState: 'rejected', decision: 'revisionRequested', status: 1, audit: 3 },
  approved: { lifecycleState: 'approved', decision: 'approved', status: 2, audit: 2 },
  draft: { lifecycleState: 'notCertified.draft', decision: null, status: 0, audit: 0 },
} as const;

/** A certification case written straight into the tables, as a submit (and decision) leaves it. */
export async function seedCertification(app: FastifyInstance, seed: SeedCase) {
  const { company, user } = await seedApplicant(app, seed);
  const s = CERT_STATUS[seed.status as keyof typeof CERT_STATUS];
  await app.db
    .update(companies)
    .set({ certificationStatus: s.status, auditStatus: s.audit, locationLocked: true })
    .where(eq(companies.id, company.id));
  const [row] = await app.db
    .insert(certificationApplications)
    .values({
      companyId: company.id,
      lifecycleState: s.lifecycleState,
      draft: {},
      version: 3,
      submittedData:
        seed.status === 'draft'
          ? null
          : { location: company.location, uploadOtherInfo: { otherFileIds: [], note: 'seeded' } },
      submittedAt: seed.status === 'draft' ? null : seed.submittedAt,
      submittedBy: user.id,
      decision: s.decision,
      createdAt: seed.submittedAt,
      updatedAt: seed.submittedAt,
    })
    .returning();
  return { company, user, application: row! };
}

const CARD_STATE = {
  underReview: 'under_review',
  rejected: 'rejected',
  approved: 'approved',
  draft: 'saved',
} as const;

export async function seedCardApplication(app: FastifyInstance, seed: SeedCase) {
  const { company, user } = await seedApplicant(app, seed);
  await app.db
    .update(companies)
    .set({ certificationStatus: 2, auditStatus: 2 })
    .where(eq(companies.id, company.id));
  const [row] = await app.db
    .insert(cardApplications)
    .values({
      companyId: company.id,
      state: CARD_STATE[seed.status as keyof typeof CARD_STATE],
      businessPurpose: 'advertising',
      version: 2,
      submittedAt: seed.status === 'draft' ? null : seed.submittedAt,
      submittedBy: user.id,
      createdAt: seed.submittedAt,
      updatedAt: seed.submittedAt,
    })
    .returning();
  return { company, user, application: row! };
}
