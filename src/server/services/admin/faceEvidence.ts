// The authorizer's face check as the reviewer sees it (issue 16 §5): the session the certification
// step names, its outcome, score, liveness, engine and every stored frame, and a reviewer's decision;
// since issue 28 §6 also what the presentation-attack checks measured, each with its threshold.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FaceEvidence } from '../../../contract/api/admin';
import { storedFiles } from '../../db/schema/files';
import { verificationFrames, type VerificationSessionRow } from '../../db/schema/verification';
import type { DbOrTx } from '../../types';
import { caseDocumentOf } from './caseDocuments';
import { attackEvidenceOf } from './faceAttackEvidence';
import { reviewersById } from './caseParties';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The QR session id the submitted authorizer step names, or null (no QR step, nothing named). */
export function authorizerSessionIdOf(submittedData: unknown): string | null {
  const step = isObject(submittedData) ? submittedData['uploadAuthorizerInfo'] : undefined;
  if (!isObject(step) || step['choice'] !== 'none') return null;
  const id = step['verificationSessionId'];
  return typeof id === 'string' ? id : null;
}

async function framesOf(db: DbOrTx, sessionId: string) {
  const rows = await db
    .select({ fileId: verificationFrames.fileId })
    .from(verificationFrames)
    .where(eq(verificationFrames.sessionId, sessionId))
    .orderBy(asc(verificationFrames.capture), asc(verificationFrames.position));
  if (rows.length === 0) return [];
  const files = await db
    .select()
    .from(storedFiles)
    .where(
      and(
        inArray(
          storedFiles.id,
          rows.map((r) => r.fileId),
        ),
      ),
    );
  const byId = new Map(files.map((f) => [f.id, f]));
  return rows.flatMap((r) => {
    const file = byId.get(r.fileId);
    return file && file.deletedAt === null ? [caseDocumentOf(file, null)] : [];
  });
}

export async function faceEvidenceOf(db: DbOrTx, session: VerificationSessionRow): Promise<FaceEvidence> {
  const reviewers = await reviewersById(db, [session.reviewedBy]);
  const decision =
    session.reviewReason !== null && session.reviewedAt !== null
      ? session.state === 'verified'
        ? ('confirm' as const)
        : ('reject' as const)
      : null;
  return {
    outcome: session.outcome,
    reason: session.outcomeReason,
    score: session.score,
    liveness: session.liveness,
    engineName: session.engineName,
    engineVersion: session.engineVersion,
    captureSource: session.captureSource,
    frames: await framesOf(db, session.id),
    framesPurgedAt: session.framesPurgedAt?.toISOString() ?? null,
    overridable: session.state === 'referred',
    review:
      decision && session.reviewReason !== null && session.reviewedAt !== null
        ? {
            decision,
            reason: session.reviewReason,
            by: session.reviewedBy ? (reviewers.get(session.reviewedBy) ?? null) : null,
            at: session.reviewedAt.toISOString(),
          }
        : null,
    attack: attackEvidenceOf(session.attackEvidence),
  };
}
