// Shared by the card-application tests: certified companies seeded directly in the database (as
// the back office would leave them), the API called over real HTTP, real uploads through /plat/files.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  CARD_APPLICATION_FILE_KIND,
  type CardQuestionnaire,
  type CardQuestionnaireAnswers,
} from '../../../src/contract/api/card';
import { companies } from '../../../src/server/db/schema/accounts';
import { cardApplications } from '../../../src/server/db/schema/card';
import { png } from '../../fixtures/files/samples';
import { createCompany, signInAs, type SignedIn } from '../../support/sessions';
import type { TestApp } from '../../support/testApp';

export interface Answer<T = unknown> {
  status: number;
  body: { code: number; msg: string; data: T };
}

export async function call<T = Record<string, unknown>>(
  t: TestApp,
  who: SignedIn | null,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  language: '0' | '1' = '1',
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...(who?.headers ?? {}), language };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${t.url}/plat${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer<T>['body'] };
}

/** A signed-in applicant of a new company with the given certification status and location. */
export async function applicant(
  app: FastifyInstance,
  init: { location?: string; certificationStatus?: number } = {},
): Promise<SignedIn> {
  const company = await createCompany(app, { location: init.location ?? 'HK' });
  const status = init.certificationStatus ?? 2;
  await app.db
    .update(companies)
    .set({ certificationStatus: status, auditStatus: status === 2 ? 2 : null })
    .where(eq(companies.id, company.id));
  return signInAs(app, { role: 'applicant', companyId: company.id });
}

export async function upload(
  t: TestApp,
  who: SignedIn,
  file: Buffer,
  name: string,
  kind: string = CARD_APPLICATION_FILE_KIND,
): Promise<Answer<{ id: string; contentType: string; size: number }>> {
  const body = new FormData();
  body.append('kind', kind);
  body.append('file', new Blob([new Uint8Array(file)]), name);
  const res = await fetch(`${t.url}/plat/files`, {
    method: 'POST',
    headers: { ...who.headers, language: '1' },
    body,
  });
  return {
    status: res.status,
    body: (await res.json()) as Answer<{ id: string; contentType: string; size: number }>['body'],
  };
}

export async function uploadedPng(t: TestApp, who: SignedIn, kind?: string): Promise<string> {
  const res = await upload(t, who, png(), 'licence.png', kind);
  if (res.status !== 200) throw new Error(`upload failed: ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

/** Answers every question validly: the first option of a choice, a sentence for a text. */
export function completeAnswers(questionnaire: CardQuestionnaire): CardQuestionnaireAnswers {
  const answers: CardQuestionnaireAnswers = {};
  for (const q of questionnaire.questions) {
    const first = q.options[0]?.id ?? '';
    answers[q.id] =
      q.kind === 'text' ? 'We pay our advertising suppliers.' : q.kind === 'multipleChoice' ? [first] : first;
  }
  return answers;
}

export async function questionnaireOf(t: TestApp, who: SignedIn): Promise<CardQuestionnaire> {
  const res = await call<CardQuestionnaire>(t, who, 'GET', '/card/questionnaire');
  if (res.status !== 200) throw new Error(`questionnaire failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A complete, valid submission for `who`. */
export async function completeApplication(t: TestApp, who: SignedIn) {
  return {
    businessPurpose: 'advertising',
    fileId: await uploadedPng(t, who),
    answers: completeAnswers(await questionnaireOf(t, who)),
  };
}

/** The stored row, for "nothing changed" comparisons. */
export async function storedApplication(app: FastifyInstance, companyId: string) {
  const [row] = await app.db.select().from(cardApplications).where(eq(cardApplications.companyId, companyId));
  return row ?? null;
}

/** What the back office does (not built yet): a decision written straight into the table. */
export async function decide(
  app: FastifyInstance,
  companyId: string,
  decision: { state: 'rejected' | 'approved'; reason?: string },
) {
  await app.db
    .update(cardApplications)
    .set({ state: decision.state, reason: decision.reason ?? null, decidedAt: new Date() })
    .where(eq(cardApplications.companyId, companyId));
}
