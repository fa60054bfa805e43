// The card-application lifecycle on the real API (real PostgreSQL, real HTTP): every change goes
// through machines/cardApplicationLifecycle.machine.ts, and a change the chart does not have is
// refused with transitionNotAllowed (409) with nothing stored.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardApplicationView } from '../../../src/contract/api/card';
import { Codes } from '../../../src/contract/codes';
import { cardApplicationHistory } from '../../../src/server/db/schema/card';
import { storedFiles } from '../../../src/server/db/schema/files';
import type { SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { applicant, call, completeApplication, decide, storedApplication } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const view = (who: SignedIn) => call<CardApplicationView>(t, who, 'GET', '/card/application');
const save = (who: SignedIn, body: unknown) =>
  call<CardApplicationView>(t, who, 'POST', '/card/application/save', body);
const submit = (who: SignedIn, body: unknown = {}) =>
  call<CardApplicationView>(t, who, 'POST', '/card/application/submit', body);

async function history(companyId: string) {
  return t.app.db
    .select()
    .from(cardApplicationHistory)
    .where(eq(cardApplicationHistory.companyId, companyId))
    .orderBy(cardApplicationHistory.createdAt);
}

describe('card application lifecycle', () => {
  it('starts as not started, with nothing stored', async () => {
    const alice = await applicant(t.app);
    const res = await view(alice);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      lifecycleState: 'notStarted',
      status: 'not_started',
      eligibility: 'eligible',
      mayEdit: true,
      businessPurpose: null,
      file: null,
      answers: {},
      reason: null,
      cardSystemUrl: null,
      version: 0,
    });
    expect(await storedApplication(t.app, alice.companyId!)).toBeNull();
  });

  it('saves temporarily (not started → saved ⇄ saved), keeping absent fields', async () => {
    const alice = await applicant(t.app);
    const first = await save(alice, { businessPurpose: 'eWallet' });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      lifecycleState: 'saved',
      businessPurpose: 'eWallet',
      version: 1,
    });
    const second = await save(alice, { answers: { paymentPurpose: 'travel' } });
    expect(second.body.data).toMatchObject({
      lifecycleState: 'saved',
      businessPurpose: 'eWallet',
      answers: { paymentPurpose: 'travel' },
      version: 2,
    });
    const cleared = await save(alice, { businessPurpose: null });
    expect(cleared.body.data.businessPurpose).toBeNull();
    expect((await view(alice)).body.data).toMatchObject({ lifecycleState: 'saved', version: 3 });
    // The history records the change of state, not every autosave.
    expect((await history(alice.companyId!)).map((h) => [h.action, h.fromState, h.toState])).toEqual([
      ['applicant.saveDraft', 'not_started', 'saved'],
    ]);
  });

  it('submits: under review, the snapshot and a history row, in one go', async () => {
    const alice = await applicant(t.app);
    const complete = await completeApplication(t, alice);
    expect((await save(alice, complete)).status).toBe(200);
    const res = await submit(alice);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      lifecycleState: 'underReview',
      status: 'under_review',
      mayEdit: false,
    });
    expect(res.body.data.submittedAt).toEqual(t.clock.now().toISOString());
    const row = await storedApplication(t.app, alice.companyId!);
    expect(row?.state).toBe('under_review');
    expect(row?.submittedData).toMatchObject({
      businessPurpose: 'advertising',
      file: { id: complete.fileId, type: 'image/png' },
      answers: complete.answers,
    });
    expect(
      (row?.submittedData as { questionnaire: { questions: unknown[] } }).questionnaire.questions.length,
    ).toBe(Object.keys(complete.answers).length);
    expect((await history(alice.companyId!)).map((h) => h.action)).toEqual([
      'applicant.saveDraft',
      'applicant.submit',
    ]);
  });

  it('submits straight from not started when the body carries everything', async () => {
    const alice = await applicant(t.app);
    const res = await submit(alice, await completeApplication(t, alice));
    expect(res.status).toBe(200);
    expect(res.body.data.lifecycleState).toBe('underReview');
    expect((await history(alice.companyId!)).map((h) => [h.fromState, h.toState])).toEqual([
      ['not_started', 'saved'],
      ['saved', 'under_review'],
    ]);
  });

  it('refuses to submit twice, and to save or submit changes under review; nothing changes', async () => {
    const alice = await applicant(t.app);
    expect((await submit(alice, await completeApplication(t, alice))).status).toBe(200);
    const before = await storedApplication(t.app, alice.companyId!);
    const historyBefore = await history(alice.companyId!);

    for (const attempt of [
      () => submit(alice),
      // No body at all (a bare POST) is the same submit.
      () => call<CardApplicationView>(t, alice, 'POST', '/card/application/submit'),
      () => save(alice, { businessPurpose: 'eWallet' }),
      () => submit(alice, { businessPurpose: 'eWallet' }),
    ]) {
      const res = await attempt();
      expect(res.status).toBe(409);
      expect(res.body.code).toBe(Codes.transitionNotAllowed.code);
      expect(res.body.msg).toBe(Codes.transitionNotAllowed['en-us']);
    }
    expect(await storedApplication(t.app, alice.companyId!)).toEqual(before);
    expect(await history(alice.companyId!)).toEqual(historyBefore);
    // The refusal says where the application stands and what was asked.
    expect((await submit(alice)).body.data).toEqual({ from: 'under_review', event: 'applicant.submit' });
  });

  it('a double-click submits once: of parallel submits exactly one passes', async () => {
    const alice = await applicant(t.app);
    const complete = await completeApplication(t, alice);
    await save(alice, complete);
    const results = await Promise.all(Array.from({ length: 5 }, () => submit(alice)));
    expect(results.map((r) => r.status).sort((a, b) => a - b)).toEqual([200, 409, 409, 409, 409]);
    expect(
      results.filter((r) => r.status === 409).every((r) => r.body.code === Codes.transitionNotAllowed.code),
    ).toBe(true);
    const submits = (await history(alice.companyId!)).filter((h) => h.action === 'applicant.submit');
    expect(submits).toHaveLength(1);
    expect((await storedApplication(t.app, alice.companyId!))?.version).toBe(2);
  });

  it('parallel first saves of a new application create one row', async () => {
    const alice = await applicant(t.app);
    const results = await Promise.all(
      ['eWallet', 'advertising', 'otaPayment'].map((p) => save(alice, { businessPurpose: p })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await storedApplication(t.app, alice.companyId!))?.version).toBe(3);
  });

  it('shows the rejection reason and re-applies from the submitted data (rejected → saved)', async () => {
    const alice = await applicant(t.app);
    const complete = await completeApplication(t, alice);
    await submit(alice, complete);
    await decide(t.app, alice.companyId!, { state: 'rejected', reason: 'The licence is not legible.' });

    const rejected = await view(alice);
    expect(rejected.body.data).toMatchObject({
      lifecycleState: 'rejected',
      reason: 'The licence is not legible.',
      mayEdit: true,
      businessPurpose: 'advertising',
      answers: complete.answers,
      file: { id: complete.fileId },
    });

    const reapplied = await save(alice, { businessPurpose: 'eWallet' });
    expect(reapplied.status).toBe(200);
    expect(reapplied.body.data).toMatchObject({
      lifecycleState: 'saved',
      businessPurpose: 'eWallet',
      answers: complete.answers,
      file: { id: complete.fileId },
      reason: 'The licence is not legible.',
    });
    const again = await submit(alice);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ lifecycleState: 'underReview', reason: null });
    expect((await history(alice.companyId!)).map((h) => h.action)).toEqual([
      'applicant.saveDraft',
      'applicant.submit',
      'applicant.reapply',
      'applicant.submit',
    ]);
  });

  it('a submit straight from a rejection re-applies with the submitted data', async () => {
    const alice = await applicant(t.app);
    await submit(alice, await completeApplication(t, alice));
    await decide(t.app, alice.companyId!, { state: 'rejected', reason: 'Try again' });
    const res = await submit(alice);
    expect(res.status).toBe(200);
    expect(res.body.data.lifecycleState).toBe('underReview');
    expect((await history(alice.companyId!)).map((h) => [h.fromState, h.toState]).slice(-2)).toEqual([
      ['rejected', 'saved'],
      ['saved', 'under_review'],
    ]);
  });

  it('approved: final, nothing changes any more, and the card system opens', async () => {
    const alice = await applicant(t.app);
    await submit(alice, await completeApplication(t, alice));
    await decide(t.app, alice.companyId!, { state: 'approved' });
    const approved = await view(alice);
    expect(approved.body.data).toMatchObject({
      lifecycleState: 'approved',
      mayEdit: false,
      cardSystemUrl: t.config.baseAddresses.checkout,
    });
    const before = await storedApplication(t.app, alice.companyId!);
    expect((await save(alice, { businessPurpose: 'eWallet' })).status).toBe(409);
    expect((await submit(alice)).status).toBe(409);
    expect(await storedApplication(t.app, alice.companyId!)).toEqual(before);
  });

  it('the view says when it was saved, submitted and decided, and which document it holds', async () => {
    // CardApplicationView (src/contract/api/card.ts): times as ISO strings, null until they happen;
    // the document as its id, name, type and size.
    const alice = await applicant(t.app);
    const savedAt = t.clock.now().toISOString();
    const saved = await save(alice, { businessPurpose: 'eWallet' });
    expect(saved.body.data).toMatchObject({ savedAt, submittedAt: null, decidedAt: null, file: null });
    t.clock.advance(60_000);
    const complete = await completeApplication(t, alice);
    const submitted = await submit(alice, complete);
    const submittedAt = t.clock.now().toISOString();
    expect(submitted.body.data).toMatchObject({ savedAt: submittedAt, submittedAt, decidedAt: null });
    const [stored] = await t.app.db.select().from(storedFiles).where(eq(storedFiles.id, complete.fileId));
    expect(submitted.body.data.file).toEqual({
      id: complete.fileId,
      name: 'licence.png',
      type: 'image/png',
      size: stored!.size,
    });
    await decide(t.app, alice.companyId!, { state: 'rejected', reason: 'Blurred.' });
    const row = await storedApplication(t.app, alice.companyId!);
    expect((await view(alice)).body.data).toMatchObject({
      decidedAt: row!.decidedAt!.toISOString(),
      cardSystemUrl: null,
      // A rejection is no revision request: no fields flagged, no comments.
      flaggedFields: [],
      fieldComments: {},
    });
  });

  it('only an applicant may call: signed out 401, a reviewer 403', async () => {
    const res = await call(t, null, 'GET', '/card/application');
    expect(res.status).toBe(401);
    const { signInAs } = await import('../../support/sessions');
    const rita = await signInAs(t.app, { role: 'reviewer' });
    expect((await call(t, rita, 'GET', '/card/application')).status).toBe(403);
    expect((await call(t, rita, 'POST', '/card/application/save', {})).status).toBe(403);
  });

  it('bad input is a 400 with the envelope, never a 500', async () => {
    const alice = await applicant(t.app);
    for (const body of [
      { businessPurpose: 'gambling' },
      { fileId: 'not-a-uuid' },
      { answers: 'yes' },
      [1, 2],
    ]) {
      const res = await save(alice, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(Codes.validationFailed.code);
    }
    expect(await storedApplication(t.app, alice.companyId!)).toBeNull();
  });
});
