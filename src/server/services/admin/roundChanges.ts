// What changed in a certification or a card application since the round before (issue 21 §1).
// Every submit keeps its round's values in its history row (the submitApplication of each kind); the
// latest two submits are compared leaf by leaf, as the case view lists them, and a file field whose
// file changed is a replaced document.
import { and, desc, eq } from 'drizzle-orm';
import type { CaseField } from '../../../contract/api/admin';
import type { CaseChange, CaseRoundChanges } from '../../../contract/api/caseRounds';
import { cardApplicationHistory, cardApplications } from '../../db/schema/card';
import { certificationApplications, certificationHistory } from '../../db/schema/certification';
import { notFound } from '../../errors';
import type { DbOrTx } from '../../types';
import { submittedSteps } from './certificationSubmission';
import { cardSubmittedFields } from './flaggableCase';

type FieldsOf = (submittedData: unknown) => CaseField[];

const certificationFields: FieldsOf = (submittedData) =>
  submittedSteps(submittedData).steps.flatMap((s) => s.fields);

function leavesOf(submittedData: unknown, fieldsOf: FieldsOf): Map<string, CaseField> {
  return new Map(fieldsOf(submittedData).map((f) => [f.path, f]));
}

/** Every leaf that differs between two rounds' values, in the later round's order, then the gone ones. */
export function changesBetween(
  previous: unknown,
  current: unknown,
  fieldsOf: FieldsOf = certificationFields,
): CaseChange[] {
  const before = leavesOf(previous, fieldsOf);
  const after = leavesOf(current, fieldsOf);
  const out: CaseChange[] = [];
  for (const [path, now] of after) {
    const was = before.get(path);
    if (!was) {
      out.push({ path, kind: 'added', before: null, after: now.value });
    } else if (was.value !== now.value) {
      const document = was.fileId !== null || now.fileId !== null;
      out.push({ path, kind: document ? 'replaced' : 'changed', before: was.value, after: now.value });
    }
  }
  for (const [path, was] of before) {
    if (!after.has(path)) out.push({ path, kind: 'removed', before: was.value, after: null });
  }
  return out;
}

function roundValues(detail: unknown): unknown {
  return typeof detail === 'object' && detail !== null && 'submittedData' in detail
    ? detail.submittedData
    : undefined;
}

/** The latest round against the one before it; null when there is no earlier round on record. */
export async function roundChanges(db: DbOrTx, applicationId: string): Promise<CaseRoundChanges | null> {
  const [application] = await db
    .select({ id: certificationApplications.id })
    .from(certificationApplications)
    .where(eq(certificationApplications.id, applicationId));
  if (!application) throw notFound();
  const submits = await db
    .select({ detail: certificationHistory.detail, createdAt: certificationHistory.createdAt })
    .from(certificationHistory)
    .where(
      and(
        eq(certificationHistory.applicationId, applicationId),
        eq(certificationHistory.action, 'applicant.submit'),
      ),
    )
    .orderBy(desc(certificationHistory.createdAt))
    .limit(2);
  return compareRounds(submits, certificationFields);
}

function compareRounds(
  submits: readonly { detail: unknown; createdAt: Date }[],
  fieldsOf: FieldsOf,
): CaseRoundChanges | null {
  const [latest, earlier] = submits;
  if (!latest || !earlier) return null;
  const now = roundValues(latest.detail);
  const then = roundValues(earlier.detail);
  if (now === undefined || then === undefined) return null;
  return {
    previousSubmittedAt: earlier.createdAt.toISOString(),
    submittedAt: latest.createdAt.toISOString(),
    changes: changesBetween(then, now, fieldsOf),
  };
}

/** A card application's latest round against the one before (its submits keep their snapshot). */
export async function cardRoundChanges(db: DbOrTx, applicationId: string): Promise<CaseRoundChanges | null> {
  const [application] = await db
    .select({ id: cardApplications.id })
    .from(cardApplications)
    .where(eq(cardApplications.id, applicationId));
  if (!application) throw notFound();
  const submits = await db
    .select({ detail: cardApplicationHistory.detail, createdAt: cardApplicationHistory.createdAt })
    .from(cardApplicationHistory)
    .where(
      and(
        eq(cardApplicationHistory.applicationId, applicationId),
        eq(cardApplicationHistory.action, 'applicant.submit'),
      ),
    )
    .orderBy(desc(cardApplicationHistory.createdAt))
    .limit(2);
  return compareRounds(submits, cardSubmittedFields);
}
