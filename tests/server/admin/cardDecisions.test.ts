// Issue 8 "Decisions" for card applications: approve / reject with a reason through the lifecycle
// chart, with history, audit and mail; illegal ones change nothing; parallel decisions → one wins.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardApplicationView } from '../../../src/contract/api/card';
import { Codes } from '../../../src/contract/codes';
import { companies } from '../../../src/server/db/schema/accounts';
import type { SignedIn } from '../../support/sessions';
import type { TestApp } from '../../support/testApp';
import * as card from '../card/support';
import {
  auditRowsOf,
  cardHistoryOf,
  cardSnapshot,
  mailsTo,
  seedCardApplication,
  submittedCardApplication,
} from './support';
import { appWithTwoReviewers, approverOf, byText, decisionCalls } from './decisionSuite';

let t: TestApp, alice: SignedIn, bob: SignedIn;
beforeAll(async () => ({ t, alice, bob } = await appWithTwoReviewers()));
afterAll(() => t?.close());

const { approve, reject } = decisionCalls('cardApplication', () => t);

describe('card decisions', () => {
  it('approve: state approved, history, audit, mail; the applicant sees approved; approving twice → 409', async () => {
    const { who, application } = await submittedCardApplication(t);
    const res = await approve(alice, application.id, application.version);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'approved', operatorId: null });
    const stored = await card.storedApplication(t.app, who.companyId!);
    // Four eyes (issue 21 §3): alice proposed, the approver confirmed and decided.
    const approver = await approverOf(t);
    expect(stored).toMatchObject({ state: 'approved', decidedBy: approver.userId, reason: null });
    const history = await cardHistoryOf(t.app, application.id);
    expect(history.find((h) => h.action === 'reviewer.approve')).toMatchObject({
      fromState: 'under_review',
      toState: 'approved',
      actorId: approver.userId,
    });
    const audit = await auditRowsOf(t.app, application.id);
    // (The confirmation and the approval share one transaction and one time: compared unordered.)
    expect(audit.map((a) => [a.action, a.caseKind, a.fromState, a.toState, a.actorId]).sort(byText)).toEqual(
      [
        ['cardApplication.proposeApproval', 'cardApplication', 'under_review', 'under_review', alice.userId],
        ['cardApplication.confirmApproval', 'cardApplication', 'proposed', 'approved', approver.userId],
        ['cardApplication.approve', 'cardApplication', 'under_review', 'approved', approver.userId],
      ].sort(byText),
    );
    const mails = await mailsTo(t.app, who.email, 'cardApplicationDecision');
    expect(mails.map((m) => [m.locale, (m.vars as { decision: string }).decision])).toEqual([
      ['zh-cn', 'approved'],
    ]);
    const applicantView = await card.call<CardApplicationView>(t, who, 'GET', '/card/application');
    expect(applicantView.body.data.lifecycleState).toBe('approved');

    const before = await cardSnapshot(t.app, who.companyId!);
    const again = await approve(alice, application.id, res.body.data.version);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(Codes.transitionNotAllowed.code);
    // The refusal says where the case stands and what was asked: a new proposal of an approved case.
    expect(again.body.data).toEqual({ from: 'approved', event: 'reviewer.approve' });
    expect(await cardSnapshot(t.app, who.companyId!)).toEqual(before);
  });

  it('reject: needs a reason (400 reasonRequired, nothing changed), then rejected with the reason shown', async () => {
    const { who, application } = await submittedCardApplication(t);
    const before = await cardSnapshot(t.app, who.companyId!);
    for (const body of [{ version: application.version }, { version: application.version, reason: '' }]) {
      const res = await reject(alice, application.id, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(Codes.reasonRequired.code);
    }
    expect(await cardSnapshot(t.app, who.companyId!)).toEqual(before);

    const res = await reject(alice, application.id, {
      version: application.version,
      reason: 'Purpose unclear.',
    });
    expect(res.status).toBe(200);
    const applicantView = await card.call<CardApplicationView>(t, who, 'GET', '/card/application');
    expect(applicantView.body.data).toMatchObject({ lifecycleState: 'rejected', reason: 'Purpose unclear.' });
    const audit = await auditRowsOf(t.app, application.id);
    expect(audit.map((a) => [a.action, a.reason])).toEqual([['cardApplication.reject', 'Purpose unclear.']]);
    const mails = await mailsTo(t.app, who.email, 'cardApplicationDecision');
    expect(mails.map((m) => (m.vars as { reason?: string }).reason)).toEqual(['Purpose unclear.']);
  });

  it('records exactly what was decided: the answer, the history row, the audit row and the mail', async () => {
    // Issue 8 "Decisions": the new state, the history, the audit row and the applicant's mail; a
    // rejection's reason is on each, an approval has none.
    const rejected = await submittedCardApplication(t);
    t.clock.advance(1_000);
    const res = await reject(alice, rejected.application.id, {
      version: rejected.application.version,
      reason: 'Licence expired.',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: rejected.application.id,
      approval: 'awaitingProposal',
      status: 'rejected',
      version: rejected.application.version + 1,
      decidedAt: t.clock.now().toISOString(),
      operatorId: null,
    });
    expect(await card.storedApplication(t.app, rejected.who.companyId!)).toMatchObject({
      state: 'rejected',
      reason: 'Licence expired.',
      flaggedFields: [],
      decidedAt: t.clock.now(),
      decidedBy: alice.userId,
      updatedAt: t.clock.now(),
    });
    const history = await cardHistoryOf(t.app, rejected.application.id);
    expect(history.find((h) => h.action === 'reviewer.reject')).toMatchObject({
      companyId: rejected.who.companyId,
      actorId: alice.userId,
      fromState: 'under_review',
      toState: 'rejected',
      detail: { reason: 'Licence expired.' },
      createdAt: t.clock.now(),
    });
    expect(await auditRowsOf(t.app, rejected.application.id)).toMatchObject([
      {
        action: 'cardApplication.reject',
        actorEmail: alice.email,
        companyId: rejected.who.companyId,
        reason: 'Licence expired.',
        detail: null,
        createdAt: t.clock.now(),
      },
    ]);
    const [company] = await t.app.db
      .select()
      .from(companies)
      .where(eq(companies.id, rejected.who.companyId!));
    const link = `${t.config.publicUrl}/`;
    expect((await mailsTo(t.app, rejected.who.email, 'cardApplicationDecision')).map((m) => m.vars)).toEqual([
      { decision: 'rejected', companyName: company!.name, reason: 'Licence expired.', link },
    ]);

    const approved = await submittedCardApplication(t);
    const done = await approve(alice, approved.application.id, approved.application.version);
    expect(done.body.data).toMatchObject({ approval: 'approved', status: 'approved' });
    // The confirmation names the proposal it confirmed and who proposed it (issue 21 §3).
    const confirmation = (await auditRowsOf(t.app, approved.application.id)).find(
      (a) => a.action === 'cardApplication.confirmApproval',
    );
    expect(confirmation?.detail).toEqual({ proposalId: expect.any(String), proposedBy: alice.userId });
    expect(
      (await cardHistoryOf(t.app, approved.application.id)).find((h) => h.action === 'reviewer.approve')
        ?.detail,
    ).toBeNull();
    const [approvedCompany] = await t.app.db
      .select()
      .from(companies)
      .where(eq(companies.id, approved.who.companyId!));
    expect((await mailsTo(t.app, approved.who.email, 'cardApplicationDecision')).map((m) => m.vars)).toEqual([
      { decision: 'approved', companyName: approvedCompany!.name, link },
    ]);
  });

  it('deciding a saved (draft) application → 409 transitionNotAllowed, nothing changed', async () => {
    const { company, application } = await seedCardApplication(t.app, {
      status: 'draft',
      submittedAt: new Date(),
    });
    const before = await cardSnapshot(t.app, company.id);
    const a = await approve(alice, application.id, application.version);
    const r = await reject(alice, application.id, { version: application.version, reason: 'no' });
    for (const res of [a, r]) {
      expect(res.status).toBe(409);
      expect(res.body.code).toBe(Codes.transitionNotAllowed.code);
    }
    expect(r.body.data).toEqual({ from: 'saved', event: 'reviewer.reject' });
    expect(await cardSnapshot(t.app, company.id)).toEqual(before);
  });

  it('two parallel decisions: exactly one 200, the other decisionConflict', async () => {
    for (let round = 0; round < 3; round++) {
      const { application } = await seedCardApplication(t.app, {
        status: 'underReview',
        submittedAt: new Date(),
      });
      const answers = await Promise.all([
        approve(alice, application.id, application.version),
        approve(bob, application.id, application.version),
      ]);
      expect(answers.map((a) => a.status).sort((a, b) => a - b)).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body.code).toBe(Codes.decisionConflict.code);
      // One proposal (the loser's was refused), its confirmation, one approval.
      expect(await auditRowsOf(t.app, application.id)).toHaveLength(3);
    }
  });
});
