// Issue 16 §5: the reviewer sees the authorizer's face check (frames, score, liveness, engine) and
// may confirm or reject a REFERRED check only with a written reason; the verification lifecycle
// decides (any other state → referredOverrideNotAllowed), and the audit trail and the case history
// keep who, when and why. Applicants cannot call it.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminPaths,
  adminPath,
  type CertificationCaseView,
  type FaceOverrideResult,
} from '../../../src/contract/api/admin';
import { Codes } from '../../../src/contract/codes';
import { Limits } from '../../../src/contract/limits';
import { storedFiles } from '../../../src/server/db/schema/files';
import { verificationFrames, verificationSessions } from '../../../src/server/db/schema/verification';
import type { SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { ClaimPaths } from '../../../src/contract/api/caseClaims';
import { auditRowsOf, call, reviewer, submittedCertification } from './support';

let t: TestApp;
let alice: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  alice = await reviewer(t);
});
afterAll(async () => {
  await t?.close();
});

const overridePath = (id: string) => adminPath(AdminPaths.certificationFaceOverride, { id });

/** A submitted case whose authorizer's face check the engine referred (grey band), with 3 frames. */
async function referredCase(state = 'referred') {
  const submitted = await submittedCertification(t);
  const sessionId = (submitted.draft.uploadAuthorizerInfo as { verificationSessionId: string })
    .verificationSessionId;
  const frames = await t.app.db
    .insert(storedFiles)
    .values(
      [0, 1, 2].map((i) => ({
        companyId: null,
        kind: 'faceCapture',
        originalName: `frame-${i}.jpg`,
        contentType: 'image/jpeg',
        size: 1000 + i,
        sha256: 'f'.repeat(64),
        storageKey: randomUUID(),
      })),
    )
    .returning();
  await t.app.db
    .insert(verificationFrames)
    .values(frames.map((f, position) => ({ sessionId, capture: 1, position, fileId: f.id })));
  await t.app.db
    .update(verificationSessions)
    .set({
      state,
      outcome: 'referred',
      outcomeReason: 'greyBand',
      score: 0.58,
      liveness: { passed: true, yawRangeDeg: 21.5, pitchRangeDeg: 4.25, frames: 3 },
      engineName: 'human',
      engineVersion: '3.3.5',
      captureSource: 'camera',
    })
    .where(eq(verificationSessions.id, sessionId));
  return { ...submitted, sessionId, frameIds: frames.map((f) => f.id) };
}

async function sessionRow(id: string) {
  const [row] = await t.app.db.select().from(verificationSessions).where(eq(verificationSessions.id, id));
  return row!;
}

describe('face evidence and override', () => {
  it('is refused on a case someone else has claimed (issue 21 §2), and allowed to the claim’s holder', async () => {
    const { application, sessionId } = await referredCase();
    const bob = await reviewer(t);
    expect(
      (await call(t, bob, 'POST', adminPath(ClaimPaths.certificationClaim, { id: application.id }))).status,
    ).toBe(200);
    const body = { decision: 'confirm', reason: 'The face matches the passport photo closely.' };
    const refused = await call(t, alice, 'POST', overridePath(application.id), body);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe(Codes.caseClaimedByOther.code);
    expect((await sessionRow(sessionId)).state).toBe('referred');
    const byHolder = await call(t, bob, 'POST', overridePath(application.id), body);
    expect(byHolder.status).toBe(200);
    // The holder keeps the claim: the case itself is not decided yet.
    const view = await call<CertificationCaseView>(
      t,
      bob,
      'GET',
      adminPath(AdminPaths.certificationCase, { id: application.id }),
    );
    expect(view.body.data.claim?.by.userId).toBe(bob.userId);
  });

  it('shows the frames, score, liveness and engine, and a confirm with a reason verifies and is audited', async () => {
    const { application, sessionId, frameIds } = await referredCase();
    const before = await call<CertificationCaseView>(
      t,
      alice,
      'GET',
      adminPath(AdminPaths.certificationCase, { id: application.id }),
    );
    expect(before.status).toBe(200);
    const face = before.body.data.authorizer?.face;
    expect(face).toMatchObject({
      outcome: 'referred',
      reason: 'greyBand',
      score: 0.58,
      liveness: { passed: true, yawRangeDeg: 21.5, pitchRangeDeg: 4.25, frames: 3 },
      engineName: 'human',
      engineVersion: '3.3.5',
      overridable: true,
      review: null,
    });
    expect(face?.frames.map((f) => f.fileId)).toEqual(frameIds);
    // The reviewer reads each frame through the authenticated file route.
    const file = await fetch(`${t.url}/plat/files/${frameIds[0]}`, { headers: alice.headers });
    expect(file.status).not.toBe(401);
    expect(file.status).not.toBe(403);

    const res = await call<FaceOverrideResult>(t, alice, 'POST', overridePath(application.id), {
      decision: 'confirm',
      reason: '  Same person as the passport photo; low light explains the score.  ',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ verificationSessionId: sessionId, state: 'verified' });
    const row = await sessionRow(sessionId);
    expect(row).toMatchObject({
      state: 'verified',
      reviewedBy: alice.userId,
      reviewReason: 'Same person as the passport photo; low light explains the score.',
      outcomeReason: 'reviewerConfirmed',
    });
    expect(row.reviewedAt).toBeInstanceOf(Date);

    const audit = await auditRowsOf(t.app, application.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'certification.faceConfirm',
      actorId: alice.userId,
      actorEmail: alice.email,
      fromState: 'referred',
      toState: 'verified',
      reason: 'Same person as the passport photo; low light explains the score.',
    });

    const after = await call<CertificationCaseView>(
      t,
      alice,
      'GET',
      adminPath(AdminPaths.certificationCase, { id: application.id }),
    );
    expect(after.body.data.authorizer?.face).toMatchObject({
      overridable: false,
      review: { decision: 'confirm', by: { userId: alice.userId } },
    });
    expect(after.body.data.history.find((h) => h.action === 'certification.faceConfirm')).toMatchObject({
      actor: { email: alice.email },
      reason: 'Same person as the passport photo; low light explains the score.',
      fromState: 'referred',
      toState: 'verified',
    });

    // Decided once: a second override is refused by the lifecycle.
    const again = await call(t, alice, 'POST', overridePath(application.id), {
      decision: 'reject',
      reason: 'changed my mind',
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(420011);
  });

  it('a reject with a reason fails the check for good', async () => {
    const { application, sessionId } = await referredCase();
    const res = await call<FaceOverrideResult>(t, alice, 'POST', overridePath(application.id), {
      decision: 'reject',
      reason: 'The frames show a printed photo.',
    });
    expect(res.status).toBe(200);
    expect((await sessionRow(sessionId)).state).toBe('failedFinal');
    expect((await auditRowsOf(t.app, application.id))[0]).toMatchObject({
      action: 'certification.faceReject',
      toState: 'failedFinal',
    });
  });

  it('without a reason (missing, blank, too long) answers 400 and changes nothing', async () => {
    const { application, sessionId } = await referredCase();
    for (const body of [{ decision: 'confirm' }, { decision: 'confirm', reason: '   ' }, {}]) {
      const res = await call(t, alice, 'POST', overridePath(application.id), body);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('Please give a reason');
    }
    const long = await call(t, alice, 'POST', overridePath(application.id), {
      decision: 'confirm',
      reason: 'x'.repeat(Limits.face.overrideReasonMaxLength + 1),
    });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: Codes.reasonTooLong.code, msg: Codes.reasonTooLong['en-us'] });
    const odd = await call(t, alice, 'POST', overridePath(application.id), {
      decision: 'approve',
      reason: 'The frames show the same person.',
    });
    expect(odd.status).toBe(400);
    expect(odd.body.code).toBe(Codes.validationFailed.code);
    expect((await sessionRow(sessionId)).state).toBe('referred');
    expect(await auditRowsOf(t.app, application.id)).toHaveLength(0);
  });

  it("a reason shorter than the contract's minimum (after trimming) is refused with reasonTooShort in both languages", async () => {
    const { application, sessionId } = await referredCase();
    // One character short once trimmed, though the padding makes the sent string long enough.
    const short = `   ${'x'.repeat(Limits.face.overrideReasonMinLength - 1)}   `;
    for (const [language, locale] of [
      ['1', 'en-us'],
      ['0', 'zh-cn'],
    ] as const) {
      const res = await call(
        t,
        alice,
        'POST',
        overridePath(application.id),
        { decision: 'confirm', reason: short },
        language,
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: Codes.reasonTooShort.code, msg: Codes.reasonTooShort[locale] });
    }
    expect((await sessionRow(sessionId)).state).toBe('referred');
    expect(await auditRowsOf(t.app, application.id)).toHaveLength(0);
    // Exactly the minimum is enough.
    const enough = await call(t, alice, 'POST', overridePath(application.id), {
      decision: 'reject',
      reason: 'y'.repeat(Limits.face.overrideReasonMinLength),
    });
    expect(enough.status).toBe(200);
  });

  it('on a session that is not referred answers referredOverrideNotAllowed in both languages', async () => {
    const { application, sessionId } = await referredCase('verified');
    const res = await call(t, alice, 'POST', overridePath(application.id), {
      decision: 'reject',
      reason: 'looks wrong',
    });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('This face verification is not waiting for review');
    const zh = await call(
      t,
      alice,
      'POST',
      overridePath(application.id),
      { decision: 'reject', reason: 'looks wrong' },
      '0',
    );
    expect(zh.body.msg).toBe('该人脸核验不在待复核状态');
    expect((await sessionRow(sessionId)).state).toBe('verified');
    expect(await auditRowsOf(t.app, application.id)).toHaveLength(0);
  });

  it('an applicant cannot call it', async () => {
    const { application, caller, sessionId } = await referredCase();
    const res = await call(t, caller.signedIn, 'POST', overridePath(application.id), {
      decision: 'confirm',
      reason: 'it is me',
    });
    expect(res.status).toBe(403);
    expect((await sessionRow(sessionId)).state).toBe('referred');
  });
});
