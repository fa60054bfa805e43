// Issue 21 §1 for card applications (docs/decisions/back-office.md "Card applications: flags, comments and a revision request"): a reviewer flags fields of a
// card case, comments beside them and requests a revision; the applicant's application reopens with
// exactly those fields and comments, saves keep the revision open, and the resubmit goes back to
// review with the marks gone — over a real server and PostgreSQL. Refusals answer their documented
// codes and change nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminPaths,
  adminPath,
  type CardApplicationCaseView,
  type DecisionResult,
} from '../../../src/contract/api/admin';
import type { CardApplicationView } from '../../../src/contract/api/card';
import { CardPaths } from '../../../src/contract/api/cardPaths';
import { CASE_ROUND_CHANGES_PATHS, type CaseRoundChanges } from '../../../src/contract/api/caseRounds';
import { FIELD_COMMENTS_PATHS } from '../../../src/contract/api/fieldComments';
import { FIELD_FLAG_PATHS } from '../../../src/contract/api/fieldFlags';
import { Codes } from '../../../src/contract/codes';
import type { SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { call, cardHistoryOf, cardSnapshot, mailsTo, reviewer, submittedCardApplication } from './support';

let t: TestApp;
let alice: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  alice = await reviewer(t);
});
afterAll(async () => {
  await t?.close();
});

const PURPOSE = 'selectBusinessPurpose.businessPurpose';
const DOCUMENT = 'uploadRelevantInfo.fileId';

const revise = (id: string, version: number, fields: string[], comment = 'Please fix the marked items.') =>
  call<DecisionResult>(t, alice, 'POST', adminPath(AdminPaths.cardApplicationRequestRevision, { id }), {
    version,
    fields,
    comment,
  });
const applicationOf = async (who: SignedIn) =>
  (await call<CardApplicationView>(t, who, 'GET', CardPaths.application)).body.data;

describe('card revision request', () => {
  it('reopens the application at exactly the flagged fields with the comments beside them', async () => {
    const { who, application } = await submittedCardApplication(t);
    const id = application.id;
    // Each flag and comment as it happens (timeline steps), then the batch sent with the request.
    const flag = await call(t, alice, 'POST', adminPath(FIELD_FLAG_PATHS.cardApplication, { id }), {
      step: 'flag',
      fields: [PURPOSE],
    });
    expect(flag.status).toBe(200);
    const comments = await call(t, alice, 'POST', adminPath(FIELD_COMMENTS_PATHS.cardApplication, { id }), {
      comments: [
        { field: PURPOSE, comment: 'Choose the purpose on your licence.' },
        { field: DOCUMENT, comment: 'The scan is cut off.' },
        { field: 'questionnaire.sourceOfFunds', comment: 'Not flagged, so never shown.' },
      ],
    });
    expect(comments.status).toBe(200);
    const decided = await revise(id, application.version, [PURPOSE, DOCUMENT, PURPOSE]);
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.data.status).toBe('revisionRequested');

    const view = await applicationOf(who);
    expect(view).toMatchObject({
      lifecycleState: 'revisionRequested',
      status: 'revision_requested',
      mayEdit: true,
      reason: 'Please fix the marked items.',
      flaggedFields: [PURPOSE, DOCUMENT],
    });
    // Only the comment of a field the request flagged, from the set recorded before it.
    expect(view.fieldComments).toEqual({
      [PURPOSE]: 'Choose the purpose on your licence.',
      [DOCUMENT]: 'The scan is cut off.',
    });
    // The applicant is told, with the comment as the reason.
    expect((await mailsTo(t.app, who.email, 'cardApplicationDecision')).length).toBe(1);

    // The case view's timeline has the flag step and the request with its fields.
    const caseView = await call<CardApplicationCaseView>(
      t,
      alice,
      'GET',
      adminPath(AdminPaths.cardApplicationCase, { id }),
    );
    const actions = caseView.body.data.history.map((h) => [h.action, h.flaggedFields]);
    expect(actions).toContainEqual(['cardApplication.fieldFlagged', [PURPOSE]]);
    expect(actions).toContainEqual(['cardApplication.requestRevision', [PURPOSE, DOCUMENT]]);
    expect(caseView.body.data.status).toBe('revisionRequested');
    expect(caseView.body.data.allowedDecisions).toEqual([]);

    // A save keeps the revision open (and its marks); the resubmit goes back to review.
    const saved = await call(t, who, 'POST', CardPaths.save, { businessPurpose: 'crossBorderEcommerce' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await applicationOf(who)).toMatchObject({
      status: 'revision_requested',
      flaggedFields: [PURPOSE, DOCUMENT],
    });
    // Rounds are told apart by when they were submitted; the test clock stands still unless moved.
    t.clock.advance(60_000);
    const resubmitted = await call(t, who, 'POST', CardPaths.submit, {});
    expect(resubmitted.status, JSON.stringify(resubmitted.body)).toBe(200);
    expect(await applicationOf(who)).toMatchObject({
      status: 'under_review',
      reason: null,
      flaggedFields: [],
      fieldComments: {},
    });

    // The reviewer reads only what changed since the round before (issue 21 §1): the purpose.
    const changes = await call<CaseRoundChanges | null>(
      t,
      alice,
      'GET',
      adminPath(CASE_ROUND_CHANGES_PATHS.cardApplication, { id }),
    );
    expect(changes.status).toBe(200);
    expect(changes.body.data?.changes).toEqual([
      { path: PURPOSE, kind: 'changed', before: 'advertising', after: 'crossBorderEcommerce' },
    ]);
  });

  it('has no round changes for a first submission, and 404 for an unknown case', async () => {
    const { application } = await submittedCardApplication(t);
    const path = (id: string) => adminPath(CASE_ROUND_CHANGES_PATHS.cardApplication, { id });
    const first = await call<CaseRoundChanges | null>(t, alice, 'GET', path(application.id));
    expect(first.status).toBe(200);
    expect(first.body.data).toBeNull();
    expect((await call(t, alice, 'GET', path(randomUUID()))).status).toBe(404);
  });

  it('lists revision requests in the queue under their own status', async () => {
    const { application } = await submittedCardApplication(t);
    expect((await revise(application.id, application.version, [PURPOSE])).status).toBe(200);
    const page = await call<{ items: { id: string; status: string }[] }>(
      t,
      alice,
      'GET',
      `${AdminPaths.cardApplications}?status=revisionRequested&pageSize=100`,
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.data.items.find((i) => i.id === application.id)?.status).toBe('revisionRequested');
  });

  it('refuses an unknown field, a blank comment, a second request and an unknown case, changing nothing', async () => {
    const { who, application } = await submittedCardApplication(t);
    const id = application.id;
    const before = await cardSnapshot(t.app, who.companyId!);

    const unknown = await revise(id, application.version, [PURPOSE, 'questionnaire.noSuchQuestion']);
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe(Codes.validationFailed.code);
    expect(unknown.body.data).toEqual([{ path: 'fields.1', message: 'field.invalid' }]);
    // A path of a certification step is well formed but names nothing of a card case.
    const foreign = await revise(id, application.version, ['completeCompanyInfo.companyNameEnglish']);
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe(Codes.validationFailed.code);
    const blank = await revise(id, application.version, [PURPOSE], '   ');
    expect(blank.status).toBe(400);
    expect(blank.body.code).toBe(Codes.reasonRequired.code);
    expect(await cardSnapshot(t.app, who.companyId!)).toEqual(before);

    expect((await revise(id, application.version, [PURPOSE])).status).toBe(200);
    // The history row of the request keeps its comment and the fields it flagged.
    expect(
      (await cardHistoryOf(t.app, id)).find((h) => h.action === 'reviewer.requestRevision')?.detail,
    ).toEqual({ reason: 'Please fix the marked items.', flaggedFields: [PURPOSE] });
    const again = await revise(id, application.version + 1, [PURPOSE]);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(Codes.transitionNotAllowed.code);
    // The refusal says where the case stands and what was asked.
    expect(again.body.data).toEqual({ from: 'revision_requested', event: 'reviewer.requestRevision' });
    // Flags and comments only while under review.
    const lateFlag = await call(t, alice, 'POST', adminPath(FIELD_FLAG_PATHS.cardApplication, { id }), {
      step: 'flag',
      fields: [PURPOSE],
    });
    expect(lateFlag.status).toBe(409);
    expect(lateFlag.body.code).toBe(Codes.transitionNotAllowed.code);

    const missing = await revise(randomUUID(), 0, [PURPOSE]);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(Codes.notFound.code);
  });
});
