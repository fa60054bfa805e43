// The data the security suites attack: company A with a submitted certification (its documents,
// its QR verification session), company C with a submitted card application, an applicant of a
// fresh company B, back-office accounts (one per role) and a partner link, all made through the real APIs.
import { eq } from 'drizzle-orm';
import { storedFiles } from '../../src/server/db/schema/files';
import { verificationSessions } from '../../src/server/db/schema/verification';
import {
  reviewer as newReviewer,
  submittedCardApplication,
  submittedCertification,
} from '../server/admin/support';
import { signInAs, type SignedIn } from './sessions';
import type { TestApp } from './testApp';

export interface World {
  /** Company A's applicant, with a submitted certification. */
  a: SignedIn;
  /** An applicant of company B, which has nothing yet. */
  b: SignedIn;
  /** Company C's applicant, with a submitted card application. */
  c: SignedIn;
  /** Back-office accounts with one role each (issue 21 §4). */
  reviewer: SignedIn;
  approver: SignedIn;
  support: SignedIn;
  admin: SignedIn;
  certificationId: string;
  certificationVersion: number;
  cardApplicationId: string;
  cardApplicationVersion: number;
  /** Live documents of company A. */
  aFileIds: string[];
  /** Company C's card-application document. */
  cFileId: string;
  aVerificationSessionId: string;
  partnerCode: string;
}

async function post(t: TestApp, who: SignedIn, path: string, body: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/plat${path}`,
    headers: { ...who.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  if (res.statusCode !== 200) throw new Error(`${path} failed: ${res.body}`);
  return (res.json() as { data: Record<string, unknown> }).data;
}

export async function buildWorld(t: TestApp): Promise<World> {
  const certification = await submittedCertification(t);
  const a = certification.caller.signedIn;
  const card = await submittedCardApplication(t);
  const reviewer = await newReviewer(t);
  const approver = await signInAs(t.app, { role: 'reviewer', roles: ['approver'] });
  const support = await signInAs(t.app, { role: 'reviewer', roles: ['support'] });
  const admin = await signInAs(t.app, { role: 'reviewer', roles: ['admin'] });
  const b = await signInAs(t.app, { role: 'applicant' });
  const session = await post(t, a, '/verify/sessions', { purpose: 'authorizer', subjectName: 'Li Na' });
  const link = await post(t, admin, '/admin/partner-links', { partnerName: 'Security Suite Partner' });
  const aFiles = await t.app.db.select().from(storedFiles).where(eq(storedFiles.companyId, a.companyId!));
  const [aSession] = await t.app.db
    .select()
    .from(verificationSessions)
    .where(eq(verificationSessions.id, String(session['sessionId'])));
  if (!aSession || aFiles.length === 0 || !card.application.fileId) throw new Error('world incomplete');
  return {
    a,
    b,
    c: card.who,
    reviewer,
    approver,
    support,
    admin,
    certificationId: certification.application.id,
    certificationVersion: certification.application.version,
    cardApplicationId: card.application.id,
    cardApplicationVersion: card.application.version,
    aFileIds: aFiles.map((f) => f.id),
    cFileId: card.application.fileId,
    aVerificationSessionId: aSession.id,
    partnerCode: String(link['code']),
  };
}
