// Issue 28 §5 over HTTP: a certification whose authorizer's face check is referred cannot be
// approved — neither proposed nor confirmed (four eyes) — until a reviewer confirms the face with
// the face override; a face a reviewer rejected is never approved. Each refusal is a 409 with its
// own translated code and writes nothing (case, company, history, audit, mail, proposal). Rejecting
// stays allowed. The case view says why (approvalBlock).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminPaths,
  adminPath,
  type CertificationCaseView,
  type FaceOverrideResult,
} from '../../../src/contract/api/admin';
import { Codes } from '../../../src/contract/codes';
import { approvalProposals } from '../../../src/server/db/schema/backOffice';
import { verificationSessions } from '../../../src/server/db/schema/verification';
import type { SignedIn } from '../../support/sessions';
import type { TestApp } from '../../support/testApp';
import { appWithTwoReviewers, approverOf, decisionCalls } from './decisionSuite';
import { call, certificationOf, certificationSnapshot, submittedCertification } from './support';

let t: TestApp, alice: SignedIn, bob: SignedIn;
beforeAll(async () => ({ t, alice, bob } = await appWithTwoReviewers()));
afterAll(() => t?.close());

const { propose, confirm, reject } = decisionCalls('certification', () => t);

/** A case submitted through the applicant API whose authorizer's face check is then `state`. */
async function caseWithFace(state: 'referred' | 'verified') {
  const submitted = await submittedCertification(t, { language: 'en-us' });
  const sessionId = (submitted.draft.uploadAuthorizerInfo as { verificationSessionId: string })
    .verificationSessionId;
  await setFace(sessionId, state);
  return { ...submitted, sessionId, companyId: submitted.caller.signedIn.companyId! };
}

function setFace(sessionId: string, state: 'referred' | 'verified') {
  return t.app.db
    .update(verificationSessions)
    .set({ state, outcome: state, outcomeReason: state === 'referred' ? 'greyBand' : 'matched', score: 0.58 })
    .where(eq(verificationSessions.id, sessionId));
}

const caseView = async (id: string) => {
  const res = await call<CertificationCaseView>(
    t,
    alice,
    'GET',
    adminPath(AdminPaths.certificationCase, { id }),
  );
  expect(res.status).toBe(200);
  return res.body.data;
};

const override = (who: SignedIn, id: string, decision: 'confirm' | 'reject') =>
  call<FaceOverrideResult>(t, who, 'POST', adminPath(AdminPaths.certificationFaceOverride, { id }), {
    decision,
    reason: decision === 'confirm' ? 'Same person as the ID photo, seen turning.' : 'A printed photo.',
  });

/** Everything a refusal must leave as it was, the case's proposals included. */
async function everything(companyId: string, caseId: string) {
  return {
    ...(await certificationSnapshot(t.app, companyId)),
    proposals: await t.app.db
      .select()
      .from(approvalProposals)
      .where(and(eq(approvalProposals.caseKind, 'certification'), eq(approvalProposals.caseId, caseId))),
  };
}

describe('approving a certification whose face check is referred (issue 28 §5)', () => {
  it('refuses the proposal, in both languages, writing nothing; after a reviewer confirms the face it is proposed and confirmed', async () => {
    const { application, companyId } = await caseWithFace('referred');
    const view = await caseView(application.id);
    expect(view.allowedDecisions).toContain('approve');
    expect(view.approvalBlock).toBe('faceReviewPending');

    const before = await everything(companyId, application.id);
    const refused = await propose(alice, application.id, view.version);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe(Codes.faceReviewPending.code);
    expect(refused.body.msg).toBe(Codes.faceReviewPending['en-us']);
    const inChinese = await call(
      t,
      alice,
      'POST',
      adminPath(AdminPaths.certificationApprove, { id: application.id }),
      { version: view.version },
      '0',
    );
    expect(inChinese.body.msg).toBe(Codes.faceReviewPending['zh-cn']);
    expect(await everything(companyId, application.id)).toEqual(before);

    // A reviewer confirms the face: the block is gone and the four eyes approve as usual.
    expect((await override(bob, application.id, 'confirm')).status).toBe(200);
    const after = await caseView(application.id);
    expect(after.approvalBlock).toBeNull();
    const proposed = await propose(alice, application.id, after.version);
    expect(proposed.status).toBe(200);
    const confirmed = await confirm(await approverOf(t), application.id, proposed.body.data.version);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.status).toBe('approved');
  });

  it('refuses the confirmation of a proposal made before the face was referred, writing nothing', async () => {
    // A proposal already waiting (made on a verified face, or before this rule), then the face is
    // referred: the approver's confirmation is refused and the proposal keeps waiting.
    const { application, sessionId, companyId } = await caseWithFace('verified');
    const proposed = await propose(alice, application.id, application.version);
    expect(proposed.status).toBe(200);
    await setFace(sessionId, 'referred');
    expect((await caseView(application.id)).approvalBlock).toBe('faceReviewPending');

    const before = await everything(companyId, application.id);
    const refused = await confirm(await approverOf(t), application.id, proposed.body.data.version);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe(Codes.faceReviewPending.code);
    expect(await everything(companyId, application.id)).toEqual(before);
    expect(before.proposals.map((p) => p.state)).toEqual(['proposed']);

    expect((await override(bob, application.id, 'confirm')).status).toBe(200);
    const confirmed = await confirm(
      await approverOf(t),
      application.id,
      (await certificationOf(t.app, companyId))!.version,
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.operatorId).not.toBeNull();
  });

  it('still lets a reviewer reject the case while the face is referred', async () => {
    const { application } = await caseWithFace('referred');
    const res = await reject(alice, application.id, {
      version: application.version,
      reason: 'The authorizer could not be verified.',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('rejected');
  });

  it('never approves a face a reviewer rejected (faceRejected), and rejecting the case stays open', async () => {
    const { application, companyId } = await caseWithFace('referred');
    expect((await override(bob, application.id, 'reject')).status).toBe(200);
    const view = await caseView(application.id);
    expect(view.approvalBlock).toBe('faceRejected');
    const before = await everything(companyId, application.id);
    const refused = await propose(alice, application.id, view.version);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe(Codes.faceRejected.code);
    expect(await everything(companyId, application.id)).toEqual(before);
    const rejected = await reject(alice, application.id, {
      version: view.version,
      reason: 'The face check showed a printed photo.',
    });
    expect(rejected.status).toBe(200);
  });

  it('does not stand in the way of a face the engine verified', async () => {
    const { application } = await caseWithFace('verified');
    expect((await caseView(application.id)).approvalBlock).toBeNull();
    const proposed = await propose(alice, application.id, application.version);
    expect(proposed.status).toBe(200);
  });
});
