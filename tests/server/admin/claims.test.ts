// Issue 21 §2: claims on cases. A claim shows who works the case and until when; another person's
// live claim refuses their decisions (caseClaimedByOther, with the claim); an expired claim is simply
// taken; only the holder releases; approvers and admins reassign to someone who may claim; a
// proposal ends the proposer's claim; support claims nothing. Each step lands in the case's timeline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminPaths, adminPath, type CertificationCaseView } from '../../../src/contract/api/admin';
import { ClaimPaths, type CaseClaim, type ClaimAssignee } from '../../../src/contract/api/caseClaims';
import { Codes } from '../../../src/contract/codes';
import { Limits } from '../../../src/contract/limits';
import { signInAs, type SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { call, seedCertification } from './support';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let approver: SignedIn;
let support: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.mail.worker.stop();
  alice = await signInAs(t.app, { role: 'reviewer', roles: ['reviewer'], language: 'en-us' });
  bob = await signInAs(t.app, { role: 'reviewer', roles: ['reviewer'], language: 'en-us' });
  approver = await signInAs(t.app, { role: 'reviewer', roles: ['approver'], language: 'en-us' });
  support = await signInAs(t.app, { role: 'reviewer', roles: ['support'], language: 'en-us' });
});
afterAll(() => t?.close());

async function newCase() {
  return (await seedCertification(t.app, { status: 'underReview', submittedAt: t.clock.now() })).application
    .id;
}
const claim = (who: SignedIn, id: string) =>
  call<CaseClaim>(t, who, 'POST', adminPath(ClaimPaths.certificationClaim, { id }));
const release = (who: SignedIn, id: string) =>
  call(t, who, 'POST', adminPath(ClaimPaths.certificationRelease, { id }));
const view = async (id: string) =>
  (await call<CertificationCaseView>(t, alice, 'GET', adminPath(AdminPaths.certificationCase, { id }))).body
    .data;
const reject = async (who: SignedIn, id: string) =>
  call(t, who, 'POST', adminPath(AdminPaths.certificationReject, { id }), {
    version: (await view(id)).version,
    reason: 'The licence is unreadable.',
  });

describe('claims', () => {
  it('a claim shows who and until when; someone else cannot decide or claim it; the holder can', async () => {
    const id = await newCase();
    const claimed = await claim(alice, id);
    expect(claimed.status).toBe(200);
    const until = new Date(t.clock.now().getTime() + Limits.backOffice.claimMs).toISOString();
    expect(claimed.body.data).toMatchObject({
      by: { userId: alice.userId, email: alice.email },
      expiresAt: until,
    });
    expect((await view(id)).claim).toMatchObject({ by: { userId: alice.userId }, expiresAt: until });

    const bobDecides = await reject(bob, id);
    expect(bobDecides.status).toBe(409);
    expect(bobDecides.body.code).toBe(Codes.caseClaimedByOther.code);
    expect(bobDecides.body.data).toMatchObject({ by: { userId: alice.userId }, expiresAt: until });
    const bobClaims = await claim(bob, id);
    expect(bobClaims.body.code).toBe(Codes.caseClaimedByOther.code);
    expect((await view(id)).status).toBe('underReview');

    // The holder decides, and the claim ends with the decision.
    expect((await reject(alice, id)).status).toBe(200);
    expect((await view(id)).claim).toBeNull();
  });

  it('only the holder releases; released, anyone may claim', async () => {
    const id = await newCase();
    await claim(alice, id);
    const notMine = await release(bob, id);
    expect(notMine.status).toBe(409);
    expect(notMine.body.code).toBe(Codes.claimNotHeld.code);
    expect((await release(alice, id)).status).toBe(200);
    expect((await view(id)).claim).toBeNull();
    expect((await claim(bob, id)).status).toBe(200);
  });

  it('an approver reassigns to someone who may claim; not to support; a reviewer cannot reassign', async () => {
    const id = await newCase();
    await claim(alice, id);
    const path = adminPath(ClaimPaths.certificationReassign, { id });
    const toSupport = await call(t, approver, 'POST', path, { userId: support.userId });
    expect(toSupport.status).toBe(400);
    expect(toSupport.body.code).toBe(Codes.claimAssigneeInvalid.code);
    const byReviewer = await call(t, bob, 'POST', path, { userId: bob.userId });
    expect(byReviewer.status).toBe(403);
    const bad = await call(t, approver, 'POST', path, { userId: 'not-a-uuid' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(Codes.validationFailed.code);
    // Those a claim may go to: reviewers and approvers, not support.
    const assignees = await call<ClaimAssignee[]>(t, approver, 'GET', ClaimPaths.assignees);
    const assigneeIds = assignees.body.data.map((a) => a.userId);
    expect(assigneeIds).toEqual(expect.arrayContaining([alice.userId, bob.userId, approver.userId]));
    expect(assigneeIds).not.toContain(support.userId);
    expect((await call(t, bob, 'GET', ClaimPaths.assignees)).status).toBe(403);
    const moved = await call<CaseClaim>(t, approver, 'POST', path, { userId: bob.userId });
    expect(moved.status).toBe(200);
    expect(moved.body.data.by.userId).toBe(bob.userId);
    expect((await reject(alice, id)).body.code).toBe(Codes.caseClaimedByOther.code);
  });

  it('support claims nothing and decides nothing (403)', async () => {
    const id = await newCase();
    expect((await claim(support, id)).status).toBe(403);
    const decides = await reject(support, id);
    expect(decides.status).toBe(403);
    expect(decides.body.code).toBe(Codes.forbidden.code);
    const proposes = await call(t, support, 'POST', adminPath(AdminPaths.certificationApprove, { id }), {
      version: (await view(id)).version,
    });
    expect(proposes.status).toBe(403);
    expect((await view(id)).approval.state).toBe('awaitingProposal');
  });

  it('a proposal ends the proposer’s claim; the timeline has every step with who and when', async () => {
    const id = await newCase();
    await claim(alice, id);
    await release(alice, id);
    await claim(alice, id);
    const proposed = await call(t, alice, 'POST', adminPath(AdminPaths.certificationApprove, { id }), {
      version: (await view(id)).version,
    });
    expect(proposed.status).toBe(200);
    const after = await view(id);
    expect(after.claim).toBeNull();
    const steps = after.history
      .filter((h) => h.source === 'audit')
      .map((h) => [h.action, h.actor?.userId, typeof h.at]);
    expect(steps).toEqual([
      ['certification.claim', alice.userId, 'string'],
      ['certification.release', alice.userId, 'string'],
      ['certification.claim', alice.userId, 'string'],
      ['certification.proposeApproval', alice.userId, 'string'],
    ]);
  });

  it('an unknown or malformed case → 404', async () => {
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000'])
      expect((await claim(alice, id)).status).toBe(404);
  });
  // Last: it moves the clock by a claim's lifetime.
  it('an expired claim can be taken by someone else', async () => {
    const id = await newCase();
    await claim(alice, id);
    t.clock.advance(Limits.backOffice.claimMs - 1);
    expect((await claim(bob, id)).body.code).toBe(Codes.caseClaimedByOther.code);
    t.clock.advance(2);
    // The clock moved past the sessions' idle time too: both sign in again.
    alice = {
      ...alice,
      headers: { authorization: `Bearer ${(await t.app.sessions.create(alice.userId)).token}` },
    };
    bob = { ...bob, headers: { authorization: `Bearer ${(await t.app.sessions.create(bob.userId)).token}` } };
    expect((await view(id)).claim).toBeNull();
    const taken = await claim(bob, id);
    expect(taken.status).toBe(200);
    expect(taken.body.data.by.userId).toBe(bob.userId);
  });
});
