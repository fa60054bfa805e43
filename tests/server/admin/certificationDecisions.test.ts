// Issue 8 "Decisions" for certifications, on applications submitted through the real wizard API:
// each decision goes through the lifecycle chart, writes the state, the history, the audit row and
// the applicant's mail (in their language) in one transaction; illegal ones change nothing; two
// reviewers at once → exactly one wins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminPaths,
  adminPath,
  type CertificationCaseView,
  type DecisionResult,
} from '../../../src/contract/api/admin';
import type { SessionUser } from '../../../src/contract/api/accounts';
import type { CertificationView } from '../../../src/contract/api/certification';
import { Codes } from '../../../src/contract/codes';
import { OPERATOR_ID_PATTERN } from '../../../src/server/services/admin/operatorId';
import type { SignedIn } from '../../support/sessions';
import type { TestApp } from '../../support/testApp';
import * as kyb from '../certification/support';
import {
  auditRowsOf,
  call,
  certificationHistoryOf,
  certificationOf,
  certificationSnapshot,
  companyOf,
  mailsTo,
  seedCertification,
  submittedCertification,
} from './support';
import { appWithTwoReviewers, approverOf, byText, decisionCalls } from './decisionSuite';

let t: TestApp, alice: SignedIn, bob: SignedIn;
beforeAll(async () => ({ t, alice, bob } = await appWithTwoReviewers()));
afterAll(() => t?.close());

const { approve, reject } = decisionCalls('certification', () => t);
const requestRevision = (who: SignedIn, id: string, body: unknown) =>
  call<DecisionResult>(t, who, 'POST', adminPath(AdminPaths.certificationRequestRevision, { id }), body);
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

describe('approve', () => {
  it('sets 2/2, assigns the operator id (visible in user info), writes history, audit and an en-us mail', async () => {
    const { caller, application } = await submittedCertification(t, { language: 'en-us' });
    const companyId = caller.signedIn.companyId!;
    const view = await caseView(application.id);
    expect(view.status).toBe('underReview');
    expect(view.allowedDecisions).toEqual(['approve', 'reject', 'requestRevision']);

    const res = await approve(alice, application.id, view.version);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('approved');
    expect(res.body.data.operatorId).toMatch(OPERATOR_ID_PATTERN);

    const company = await companyOf(t.app, companyId);
    expect([company.certificationStatus, company.auditStatus]).toEqual([2, 2]);
    expect(company.operatorId).toBe(res.body.data.operatorId);
    const stored = await certificationOf(t.app, companyId);
    expect(stored).toMatchObject({
      lifecycleState: 'approved',
      decision: 'approved',
      // The second person's decision makes it final (issue 21 §3).
      decidedBy: (await approverOf(t)).userId,
    });

    const info = await call<SessionUser>(t, caller.signedIn, 'GET', '/ums/user/info');
    expect(info.body.data.operatorId).toBe(res.body.data.operatorId);
    expect(info.body.data.enterpriseCertificationStatus).toBe(2);

    const history = await certificationHistoryOf(t.app, application.id);
    expect(history.map((h) => h.action)).toContain('reviewer.approve');
    const audit = await auditRowsOf(t.app, application.id);
    // Alice proposed, the approver confirmed, and the approval itself is the approver's.
    const approver = await approverOf(t);
    // (The confirmation and the approval share one transaction and one time: compared unordered.)
    expect(audit.map((a) => [a.action, a.actorId]).sort(byText)).toEqual(
      [
        ['certification.proposeApproval', alice.userId],
        ['certification.confirmApproval', approver.userId],
        ['certification.approve', approver.userId],
      ].sort(byText),
    );
    expect(audit.find((a) => a.action === 'certification.approve')).toMatchObject({
      actorEmail: approver.email,
      action: 'certification.approve',
      caseKind: 'certification',
      fromState: 'underReview',
      toState: 'approved',
    });
    const mails = await mailsTo(t.app, caller.signedIn.email, 'certificationDecision');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.locale).toBe('en-us');
    expect(mails[0]!.vars).toMatchObject({ decision: 'approved', operatorId: res.body.data.operatorId });

    // Approving twice: the case is final; with the fresh version the chart refuses, nothing changes.
    const before = await certificationSnapshot(t.app, companyId);
    const again = await approve(alice, application.id, (await caseView(application.id)).version);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(Codes.transitionNotAllowed.code);
    expect(await certificationSnapshot(t.app, companyId)).toEqual(before);
    expect((await caseView(application.id)).allowedDecisions).toEqual([]);
  });
});

describe('reject', () => {
  it('without a reason → 400 reasonRequired, nothing changed; with one → 1/3, reason shown to the applicant, zh-cn mail', async () => {
    const { caller, application } = await submittedCertification(t, { language: 'zh-cn' });
    const companyId = caller.signedIn.companyId!;
    const before = await certificationSnapshot(t.app, companyId);
    for (const body of [
      { version: application.version },
      { version: application.version, reason: '   ' },
      undefined,
    ]) {
      const res = await reject(alice, application.id, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(Codes.reasonRequired.code);
    }
    expect(await certificationSnapshot(t.app, companyId)).toEqual(before);

    const res = await reject(alice, application.id, {
      version: application.version,
      reason: 'The licence is unreadable.',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('rejected');
    const company = await companyOf(t.app, companyId);
    expect([company.certificationStatus, company.auditStatus]).toEqual([1, 3]);
    expect(company.operatorId).toBeNull();

    const applicantView = await kyb.view(t, caller);
    expect(applicantView.lifecycleState).toBe('rejected');
    expect(applicantView.mayEdit).toBe(true);
    expect(applicantView.review).toMatchObject({
      decision: 'rejected',
      reason: 'The licence is unreadable.',
      flaggedFields: [],
    });

    const audit = await auditRowsOf(t.app, application.id);
    expect(audit.map((a) => [a.action, a.fromState, a.toState, a.reason])).toEqual([
      ['certification.reject', 'underReview', 'rejected', 'The licence is unreadable.'],
    ]);
    const mails = await mailsTo(t.app, caller.signedIn.email, 'certificationDecision');
    expect(mails.map((m) => [m.locale, (m.vars as { reason: string }).reason])).toEqual([
      ['zh-cn', 'The licence is unreadable.'],
    ]);
  });
});

describe('the record of a decision', () => {
  it('holds exactly what was decided: the answer, the history and audit details, the mail', async () => {
    // Issue 8 "Decisions": the state and status numbers, the operator id on approval, the history
    // row, the audit row and the applicant's mail; a rejection's reason is on each.
    const { caller, application } = await submittedCertification(t, { language: 'en-us' });
    const companyId = caller.signedIn.companyId!;
    const { name: companyName } = await companyOf(t.app, companyId);
    const link = `${t.config.publicUrl}/`;
    t.clock.advance(1_000);
    const res = await reject(alice, application.id, {
      version: application.version,
      reason: 'Stamp missing.',
    });
    expect(res.body.data).toEqual({
      id: application.id,
      approval: 'awaitingProposal',
      status: 'rejected',
      version: application.version + 1,
      decidedAt: t.clock.now().toISOString(),
      operatorId: null,
    });
    expect(await certificationOf(t.app, companyId)).toMatchObject({
      decision: 'rejected',
      reason: 'Stamp missing.',
      flaggedFields: [],
      decidedAt: t.clock.now(),
      decidedBy: alice.userId,
      updatedAt: t.clock.now(),
    });
    const history = await certificationHistoryOf(t.app, application.id);
    expect(history.find((h) => h.action === 'reviewer.reject')?.detail).toEqual({
      reason: 'Stamp missing.',
      flaggedFields: [],
      operatorId: null,
    });
    expect(await auditRowsOf(t.app, application.id)).toMatchObject([
      {
        action: 'certification.reject',
        actorEmail: alice.email,
        companyId,
        reason: 'Stamp missing.',
        detail: { flaggedFields: [], operatorId: null },
      },
    ]);
    expect((await mailsTo(t.app, caller.signedIn.email, 'certificationDecision')).map((m) => m.vars)).toEqual(
      [{ decision: 'rejected', companyName, reason: 'Stamp missing.', link }],
    );

    const next = await submittedCertification(t, { language: 'en-us' });
    const approved = await approve(alice, next.application.id, next.application.version);
    expect(approved.body.data).toMatchObject({ approval: 'approved', status: 'approved' });
    const operatorId = approved.body.data.operatorId;
    expect(
      (await auditRowsOf(t.app, next.application.id)).find((a) => a.action === 'certification.approve'),
    ).toMatchObject({ reason: null, detail: { flaggedFields: [], operatorId } });
    const nextCompany = await companyOf(t.app, next.caller.signedIn.companyId!);
    expect(
      (await mailsTo(t.app, next.caller.signedIn.email, 'certificationDecision')).map((m) => m.vars),
    ).toEqual([{ decision: 'approved', companyName: nextCompany.name, operatorId, link }]);
  });
});

describe('request a revision', () => {
  it('refuses to flag the location: it is locked once confirmed, not a field the applicant can fix', async () => {
    // Spec §2: the location is confirmed and locked before the wizard; a revision reopens editable
    // steps only, so a flag on it names no field the applicant could change (validationFailed).
    const { application } = await submittedCertification(t, { language: 'en-us' });
    const res = await requestRevision(alice, application.id, {
      version: application.version,
      fields: ['uploadLegalPersonInfo.mobile', 'selectLocationCompany.location'],
      comment: 'Check these.',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(Codes.validationFailed.code);
    expect(res.body.data).toEqual([{ path: 'fields.1', message: 'field.invalid' }]);
  });

  it("the applicant's wizard opens at the first flagged step", async () => {
    const { caller, application } = await submittedCertification(t, { language: 'en-us' });
    const res = await requestRevision(alice, application.id, {
      version: application.version,
      fields: ['uploadOtherInfo.otherFileIds.0', 'uploadLegalPersonInfo.mobile'],
      comment: 'Please correct the mobile number.',
    });
    expect(res.status).toBe(200);
    const view: CertificationView = await kyb.view(t, caller);
    expect(view.currentStep).toBe('uploadLegalPersonInfo');
  });

  it('flags named fields with the comment as the reason; the applicant can fix and resubmit; then approval', async () => {
    const { caller, application } = await submittedCertification(t, { language: 'en-us' });
    const companyId = caller.signedIn.companyId!;

    const unknown = await requestRevision(alice, application.id, {
      version: application.version,
      fields: ['completeCompanyInfo.noSuchField'],
      comment: 'Fix it',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe(Codes.validationFailed.code);
    const blank = await requestRevision(alice, application.id, {
      version: application.version,
      fields: ['completeCompanyInfo.companyNameEnglish'],
      comment: '',
    });
    expect(blank.body.code).toBe(Codes.reasonRequired.code);
    const none = await requestRevision(alice, application.id, {
      version: application.version,
      fields: [],
      comment: 'x',
    });
    expect(none.status).toBe(400);
    expect((await auditRowsOf(t.app, application.id)).length).toBe(0);

    const flagged = [
      'uploadLegalPersonInfo.mobile',
      'completeCompanyInfo.companyNameEnglish',
      'uploadOtherInfo.otherFileIds.0',
    ];
    // The test clock stands still: moved, the history's order is the order of the steps.
    t.clock.advance(1_000);
    const res = await requestRevision(alice, application.id, {
      version: application.version,
      fields: flagged,
      comment: 'Please correct the English name and the mobile number.',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('revisionRequested');
    const company = await companyOf(t.app, companyId);
    expect([company.certificationStatus, company.auditStatus]).toEqual([1, 3]);
    const stored = await certificationOf(t.app, companyId);
    expect(stored).toMatchObject({
      decision: 'revisionRequested',
      flaggedFields: flagged,
      currentStep: 'completeCompanyInfo',
    });

    const applicantView: CertificationView = await kyb.view(t, caller);
    expect(applicantView.review).toMatchObject({
      decision: 'revisionRequested',
      reason: 'Please correct the English name and the mobile number.',
      flaggedFields: flagged,
    });
    const audit = await auditRowsOf(t.app, application.id);
    expect(audit.map((a) => a.action)).toEqual(['certification.requestRevision']);
    expect(audit[0]!.detail).toMatchObject({ flaggedFields: flagged });
    const mails = await mailsTo(t.app, caller.signedIn.email, 'certificationDecision');
    expect(mails.map((m) => m.locale)).toEqual(['en-us']);

    // The applicant resubmits; the case is back in review and can be approved.
    t.clock.advance(1_000);
    const resubmitted = await kyb.submit(t, caller);
    expect(resubmitted.status).toBe(200);
    const view = await caseView(application.id);
    expect(view.status).toBe('underReview');
    const lifecycle = view.history.filter((h) => h.source === 'lifecycle');
    expect(lifecycle.slice(-4).map((h) => [h.action, h.fromState, h.toState])).toEqual([
      ['applicant.submit', 'notCertified.draft', 'underReview'],
      ['reviewer.requestRevision', 'underReview', 'rejected'],
      ['applicant.reapply', 'rejected', 'notCertified.draft'],
      ['applicant.submit', 'notCertified.draft', 'underReview'],
    ]);
    expect(lifecycle.find((h) => h.action === 'reviewer.requestRevision')).toMatchObject({
      actor: { userId: alice.userId, role: 'reviewer' },
      flaggedFields: flagged,
    });
    expect(view.history.filter((h) => h.source === 'audit').map((h) => h.action)).toEqual([
      'certification.requestRevision',
    ]);
    const approved = await approve(bob, application.id, view.version);
    expect(approved.status).toBe(200);
    expect(approved.body.data.operatorId).toMatch(OPERATOR_ID_PATTERN);
  });
});

describe('illegal decisions change nothing', () => {
  it('deciding a draft → 409 transitionNotAllowed', async () => {
    const { company, application } = await seedCertification(t.app, {
      status: 'draft',
      submittedAt: new Date(),
    });
    const before = await certificationSnapshot(t.app, company.id);
    for (const res of [
      await approve(alice, application.id, application.version),
      await reject(alice, application.id, { version: application.version, reason: 'no' }),
      await requestRevision(alice, application.id, {
        version: application.version,
        fields: ['uploadOtherInfo.note'],
        comment: 'no',
      }),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.code).toBe(Codes.transitionNotAllowed.code);
    }
    expect(await certificationSnapshot(t.app, company.id)).toEqual(before);
    const view = await caseView(application.id);
    expect(view.status).toBe('draft');
    expect(view.allowedDecisions).toEqual([]);
  });

  it('rejecting an approved case → 409, nothing changed', async () => {
    const { company, application } = await seedCertification(t.app, {
      status: 'approved',
      submittedAt: new Date(),
    });
    const before = await certificationSnapshot(t.app, company.id);
    const res = await reject(alice, application.id, { version: application.version, reason: 'too late' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(Codes.transitionNotAllowed.code);
    expect(await certificationSnapshot(t.app, company.id)).toEqual(before);
  });

  it('a stale version (someone decided since) → 409 decisionConflict with where the case stands', async () => {
    const { company, application } = await seedCertification(t.app, {
      status: 'underReview',
      submittedAt: new Date(),
    });
    const first = await reject(alice, application.id, { version: application.version, reason: 'First' });
    expect(first.status).toBe(200);
    const before = await certificationSnapshot(t.app, company.id);
    const second = await approve(bob, application.id, application.version);
    expect(second.status).toBe(409);
    expect(second.body.code).toBe(Codes.decisionConflict.code);
    expect(second.body.data).toEqual({ status: 'rejected', version: first.body.data.version });
    expect(await certificationSnapshot(t.app, company.id)).toEqual(before);
  });
});

describe('two reviewers at once', () => {
  it('two parallel approves: exactly one 200, the other decisionConflict; one operator id, one audit row, one mail', async () => {
    for (let round = 0; round < 3; round++) {
      const { company, user, application } = await seedCertification(t.app, {
        status: 'underReview',
        submittedAt: new Date(),
      });
      const answers = await Promise.all([
        approve(alice, application.id, application.version),
        approve(bob, application.id, application.version),
      ]);
      const statuses = answers.map((a) => a.status).sort((a, b) => a - b);
      expect(statuses).toEqual([200, 409]);
      const loser = answers.find((a) => a.status === 409)!;
      expect(loser.body.code).toBe(Codes.decisionConflict.code);
      const winner = answers.find((a) => a.status === 200)!;
      expect((await companyOf(t.app, company.id)).operatorId).toBe(winner.body.data.operatorId);
      // One proposal (the loser's was refused), its confirmation, one approval.
      expect(await auditRowsOf(t.app, application.id)).toHaveLength(3);
      expect(await mailsTo(t.app, user.email, 'certificationDecision')).toHaveLength(1);
    }
  });

  it('an approve racing a reject: exactly one wins and the state is the winner’s', async () => {
    const { company, application } = await seedCertification(t.app, {
      status: 'underReview',
      submittedAt: new Date(),
    });
    const answers = await Promise.all([
      approve(alice, application.id, application.version),
      reject(bob, application.id, { version: application.version, reason: 'Race' }),
    ]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === Codes.decisionConflict.code)).toHaveLength(1);
    const winner = answers.find((a) => a.status === 200)!;
    const stored = await certificationOf(t.app, company.id);
    expect(stored!.decision).toBe(winner.body.data.status === 'approved' ? 'approved' : 'rejected');
  });
});
