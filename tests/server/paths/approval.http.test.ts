// Issue 21 §3: four eyes on an approval, driven over HTTP by paths generated from
// machines/approvalLifecycle.machine.ts (real server, real PostgreSQL). Each path starts on a
// certification under review; reviewer A proposes (POST …/approve), approver B confirms or declines;
// the state is read back from the case view. Every event the chart refuses in a state is sent and
// must be refused with its code, and the proposer's own confirmation is refused (ownProposal) even
// for an account that holds the approver role too.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  AdminPaths,
  adminPath,
  type CaseApprovalState,
  type CertificationCaseView,
} from '../../../src/contract/api/admin';
import { Codes, type CodeName } from '../../../src/contract/codes';
import { machineRegistry } from '../../../machines/registry';
import { approvalProposals } from '../../../src/server/db/schema/backOffice';
import { signInAs, type SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { auditRowsOf, seedCertification } from '../admin/support';
import { describeLifecycleOverHttp, httpCall, type LifecycleHttpModel } from './lifecycleDriver';

const entry = machineRegistry.find((e) => e.id === 'approvalLifecycle')!;

interface Subject {
  caseId: string;
}

// The explicit state ↔ status table, in the contract's words (CaseApprovalState).
const STATUS_OF: Record<string, CaseApprovalState> = {
  awaitingProposal: 'awaitingProposal',
  proposed: 'proposed',
  approved: 'approved',
};

let t: TestApp;
/** A reviewer and an approver: the two pairs of eyes. */
let reviewerA: SignedIn;
let approverB: SignedIn;
let model: LifecycleHttpModel<Subject, CaseApprovalState>;

async function view(subject: Subject) {
  const res = await httpCall<CertificationCaseView>(
    t.url,
    'GET',
    adminPath(AdminPaths.certificationCase, { id: subject.caseId }),
    { headers: approverB.headers },
  );
  expect(res.code, res.msg).toBe(200);
  return res.data;
}

async function step(subject: Subject, who: SignedIn, path: string, body: Record<string, unknown> = {}) {
  const { version } = await view(subject);
  return httpCall(t.url, 'POST', adminPath(path, { id: subject.caseId }), {
    headers: who.headers,
    json: { version, ...body },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.mail.worker.stop();
  reviewerA = await signInAs(t.app, { role: 'reviewer', roles: ['reviewer', 'approver'], language: 'en-us' });
  approverB = await signInAs(t.app, { role: 'reviewer', roles: ['approver'], language: 'en-us' });
  model = {
    entry,
    clock: t.clock,
    start: async () => ({
      caseId: (await seedCertification(t.app, { status: 'underReview', submittedAt: new Date() })).application
        .id,
    }),
    send: {
      'reviewer.proposeApproval': (s) => step(s, reviewerA, AdminPaths.certificationApprove),
      'approver.confirmApproval': (s) => step(s, approverB, AdminPaths.certificationConfirmApproval),
      'approver.declineApproval': (s) =>
        step(s, approverB, AdminPaths.certificationDeclineApproval, {
          reason: 'The ownership chart does not match the register.',
        }),
    },
    acceptedCode: () => 'ok',
    refusedCode: (event, state): CodeName => {
      // Approved: the case itself is final, its chart refuses a new proposal.
      if (event === 'reviewer.proposeApproval')
        return state === 'approved' ? 'transitionNotAllowed' : 'approvalPending';
      // Confirming an approved case: the case's own chart refuses first.
      if (event === 'approver.confirmApproval' && state === 'approved') return 'transitionNotAllowed';
      return 'approvalNotProposed';
    },
    observe: async (s) => (await view(s)).approval.state,
    statusOf: STATUS_OF,
  };
});
afterAll(() => t?.close());

describeLifecycleOverHttp('four eyes over HTTP (generated paths)', entry, () => model, {
  tests: () => {
    it('the proposer never confirms their own proposal, even holding the approver role (ownProposal, 403)', async () => {
      const subject = await model.start();
      expect((await step(subject, reviewerA, AdminPaths.certificationApprove)).code).toBe(200);
      const own = await step(subject, reviewerA, AdminPaths.certificationConfirmApproval);
      expect(own).toMatchObject({ status: 403, code: Codes.ownProposal.code });
      const after = await view(subject);
      expect(after.approval).toMatchObject({ state: 'proposed', proposedBy: { userId: reviewerA.userId } });
      expect(after.status).toBe('underReview');
      // While it waits, nothing else is decided: no reject, no revision.
      expect(after.allowedDecisions).toEqual([]);
      const reject = await step(subject, reviewerA, AdminPaths.certificationReject, { reason: 'No.' });
      expect(reject).toMatchObject({ status: 409, code: Codes.approvalPending.code });
      // B confirms: approved, and the timeline names both people.
      expect((await step(subject, approverB, AdminPaths.certificationConfirmApproval)).code).toBe(200);
      const done = await view(subject);
      expect(done.status).toBe('approved');
      const actions = done.history
        .filter((h) => h.source === 'audit')
        .map((h) => [h.action, h.actor?.userId]);
      expect(actions).toEqual(
        expect.arrayContaining([
          ['certification.proposeApproval', reviewerA.userId],
          ['certification.confirmApproval', approverB.userId],
          ['certification.approve', approverB.userId],
        ]),
      );
    });

    it('the case view shows the waiting proposal (who, when), then the decline (who, when, why) and no proposer', async () => {
      // CaseApproval (src/contract/api/admin.ts): `declined` is the last proposal's decline while the
      // case waits for a new proposal; a proposer is shown only while a proposal waits.
      const subject = await model.start();
      expect((await view(subject)).approval).toEqual({
        state: 'awaitingProposal',
        proposedBy: null,
        proposedAt: null,
        declined: null,
      });
      const proposedAt = t.clock.now().toISOString();
      const { version } = await view(subject);
      const proposal = await step(subject, reviewerA, AdminPaths.certificationApprove);
      // A proposal decides nothing yet: the case stays under review, one version on.
      expect(proposal).toMatchObject({
        code: 200,
        data: {
          id: subject.caseId,
          status: 'underReview',
          approval: 'proposed',
          version: version + 1,
          decidedAt: proposedAt,
          operatorId: null,
        },
      });
      expect((await view(subject)).approval).toEqual({
        state: 'proposed',
        proposedBy: { userId: reviewerA.userId, email: reviewerA.email },
        proposedAt,
        declined: null,
      });
      t.clock.advance(60_000);
      const reason = 'The register lists another director.';
      const decline = await step(subject, approverB, AdminPaths.certificationDeclineApproval, { reason });
      expect(decline.code).toBe(200);
      expect(decline.data).toMatchObject({ approval: 'awaitingProposal', status: 'underReview' });
      const after = await view(subject);
      expect(after.approval).toEqual({
        state: 'awaitingProposal',
        proposedBy: null,
        proposedAt: null,
        declined: {
          by: { userId: approverB.userId, email: approverB.email },
          at: t.clock.now().toISOString(),
          reason,
        },
      });
      // The decline is the approver's step of the case's timeline, with its reason.
      expect(
        after.history
          .filter((h) => h.action === 'certification.declineApproval')
          .map((h) => [h.actor?.userId, h.reason]),
      ).toEqual([[approverB.userId, reason]]);
      // The audit rows name the proposal each step acted on (and the decline, its proposer).
      const [proposalRow] = await t.app.db
        .select()
        .from(approvalProposals)
        .where(eq(approvalProposals.caseId, subject.caseId));
      expect(
        (await auditRowsOf(t.app, subject.caseId)).map((a) => [a.action, a.actorId, a.reason, a.detail]),
      ).toEqual([
        ['certification.proposeApproval', reviewerA.userId, null, { proposalId: proposalRow!.id }],
        [
          'certification.declineApproval',
          approverB.userId,
          reason,
          { proposalId: proposalRow!.id, proposedBy: reviewerA.userId },
        ],
      ]);
      // After a decline nothing waits: confirming now is refused as with no proposal at all.
      expect(await step(subject, approverB, AdminPaths.certificationConfirmApproval)).toMatchObject({
        status: 409,
        code: Codes.approvalNotProposed.code,
      });
      // A new proposal ends the decline's display.
      expect((await step(subject, reviewerA, AdminPaths.certificationApprove)).code).toBe(200);
      expect((await view(subject)).approval).toMatchObject({ state: 'proposed', declined: null });
    });

    it('a reviewer without the approver role cannot confirm (403 forbidden); a decline needs a reason', async () => {
      const subject = await model.start();
      const onlyReviewer = await signInAs(t.app, { role: 'reviewer', roles: ['reviewer'] });
      expect((await step(subject, onlyReviewer, AdminPaths.certificationApprove)).code).toBe(200);
      const confirm = await step(subject, onlyReviewer, AdminPaths.certificationConfirmApproval);
      expect(confirm).toMatchObject({ status: 403, code: Codes.forbidden.code });
      const blank = await step(subject, approverB, AdminPaths.certificationDeclineApproval, { reason: '  ' });
      expect(blank).toMatchObject({ status: 400, code: Codes.reasonRequired.code });
      expect((await view(subject)).approval.state).toBe('proposed');
    });
  },
});
