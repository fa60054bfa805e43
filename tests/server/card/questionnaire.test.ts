// The questionnaire on source of funds and payment purpose: served by the API from its table (so
// it changes without a release), in both languages, and checked on the server before submit.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CardApplicationView,
  CardQuestionnaire,
  CardPurposesView,
} from '../../../src/contract/api/card';
import { Codes } from '../../../src/contract/codes';
import { INDUSTRY_CATEGORIES } from '../../../src/contract/options';
import { cardQuestionnaireQuestions } from '../../../src/server/db/schema/card';
import type { SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { applicant, call, completeApplication, questionnaireOf, storedApplication } from './support';

let t: TestApp;
let alice: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  alice = await applicant(t.app);
});
afterAll(() => t?.close());

const submit = (who: SignedIn, body: unknown) =>
  call<CardApplicationView>(t, who, 'POST', '/card/application/submit', body);

describe('purposes', () => {
  it('are the 16 categories of spec §3, in order', async () => {
    const res = await call<CardPurposesView>(t, alice, 'GET', '/card/purposes');
    expect(res.body.data.purposes).toEqual([...INDUSTRY_CATEGORIES]);
    expect(res.body.data.purposes).toHaveLength(16);
  });
});

describe('questionnaire', () => {
  it('is served with every text in zh-cn and en-us, options for choices, none for text', async () => {
    const q = await questionnaireOf(t, alice);
    expect(q.questions.length).toBeGreaterThan(0);
    expect(q.questions.map((x) => x.id)).toEqual(expect.arrayContaining(['sourceOfFunds', 'paymentPurpose']));
    for (const question of q.questions) {
      expect(question.title['zh-cn']).toMatch(/\S/);
      expect(question.title['en-us']).toMatch(/\S/);
      expect(question.title['zh-cn']).not.toBe(question.title['en-us']);
      if (question.kind === 'text') {
        expect(question.options).toEqual([]);
        expect(question.maxLength).toBeGreaterThan(0);
      } else {
        expect(question.options.length).toBeGreaterThan(1);
        for (const option of question.options) {
          expect(option.label['zh-cn']).toMatch(/\S/);
          expect(option.label['en-us']).toMatch(/\S/);
        }
      }
    }
  });

  it('changes with its table, without a release (and so does its version)', async () => {
    const before = await questionnaireOf(t, alice);
    await t.app.db
      .update(cardQuestionnaireQuestions)
      .set({ title: { 'zh-cn': '资金来源', 'en-us': 'Where does the money come from?' } })
      .where(eq(cardQuestionnaireQuestions.id, 'sourceOfFunds'));
    try {
      const after = await questionnaireOf(t, alice);
      expect(after.questions.find((q) => q.id === 'sourceOfFunds')?.title['en-us']).toBe(
        'Where does the money come from?',
      );
      expect(after.version).not.toBe(before.version);
    } finally {
      await t.app.db
        .update(cardQuestionnaireQuestions)
        .set({ title: before.questions.find((q) => q.id === 'sourceOfFunds')!.title })
        .where(eq(cardQuestionnaireQuestions.id, 'sourceOfFunds'));
    }
  });

  it('submit refuses an incomplete questionnaire (questionnaireRequired), in both languages, storing nothing', async () => {
    const bea = await applicant(t.app);
    const complete = await completeApplication(t, bea);
    const { paymentPurpose: _p, sourceOfFunds: _s, ...partial } = complete.answers;
    for (const [language, locale] of [
      ['0', 'zh-cn'],
      ['1', 'en-us'],
    ] as const) {
      const res = await call(
        t,
        bea,
        'POST',
        '/card/application/submit',
        { ...complete, answers: partial },
        language,
      );
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(Codes.questionnaireRequired.code);
      expect(res.body.msg).toBe(Codes.questionnaireRequired[locale]);
      expect(res.body.data).toEqual(
        expect.arrayContaining([
          { path: 'answers.paymentPurpose', message: 'field.select' },
          { path: 'answers.sourceOfFunds', message: 'field.select' },
        ]),
      );
    }
    expect(await storedApplication(t.app, bea.companyId!)).toBeNull();
  });

  it('submit refuses answers that are not valid for their question', async () => {
    const bea = await applicant(t.app);
    const complete = await completeApplication(t, bea);
    const wrong: Array<[Record<string, unknown>, string, string]> = [
      [{ paymentPurpose: 'gambling' }, 'answers.paymentPurpose', 'field.select'],
      [{ paymentPurpose: ['travel'] }, 'answers.paymentPurpose', 'field.select'],
      [{ sourceOfFunds: ['loans', 'loans'] }, 'answers.sourceOfFunds', 'field.select'],
      [{ sourceOfFunds: ['lottery'] }, 'answers.sourceOfFunds', 'field.select'],
      [{ paymentPurposeDescription: '   ' }, 'answers.paymentPurposeDescription', 'field.required'],
      [{ paymentPurposeDescription: 'x'.repeat(501) }, 'answers.paymentPurposeDescription', 'field.tooLong'],
    ];
    for (const [change, path, message] of wrong) {
      const res = await submit(bea, { ...complete, answers: { ...complete.answers, ...change } });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.code).toBe(Codes.questionnaireRequired.code);
      expect(res.body.data).toEqual([{ path, message }]);
    }
    expect(await storedApplication(t.app, bea.companyId!)).toBeNull();
  });

  it('accepts a complete questionnaire; optional questions may stay empty; unknown ids are not submitted', async () => {
    const bea = await applicant(t.app);
    const complete = await completeApplication(t, bea);
    const answers = { ...complete.answers, sourceOfFundsDetail: '', retiredQuestion: 'x' };
    const res = await submit(bea, { ...complete, answers });
    expect(res.status).toBe(200);
    const row = await storedApplication(t.app, bea.companyId!);
    const submitted = (row?.submittedData as { answers: Record<string, unknown> }).answers;
    expect(submitted).not.toHaveProperty('retiredQuestion');
    expect(submitted).not.toHaveProperty('sourceOfFundsDetail');
    expect(submitted['paymentPurpose']).toBe(complete.answers['paymentPurpose']);
  });

  it('purpose and file problems come first, with the questionnaire problems listed too', async () => {
    const bea = await applicant(t.app);
    const res = await submit(bea, { answers: {} });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(Codes.validationFailed.code);
    const paths = (res.body.data as unknown as Array<{ path: string }>).map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(['businessPurpose', 'fileId', 'answers.sourceOfFunds']));
  });

  it('cannot be fetched when no question is active: questionnaireFetchFailed (503), and submit waits', async () => {
    const bea = await applicant(t.app);
    const complete = await completeApplication(t, bea);
    await t.app.db.update(cardQuestionnaireQuestions).set({ active: false });
    try {
      for (const [language, locale] of [
        ['0', 'zh-cn'],
        ['1', 'en-us'],
      ] as const) {
        const res = await call<CardQuestionnaire>(t, bea, 'GET', '/card/questionnaire', undefined, language);
        expect(res.status).toBe(503);
        expect(res.body.code).toBe(Codes.questionnaireFetchFailed.code);
        expect(res.body.msg).toBe(Codes.questionnaireFetchFailed[locale]);
      }
      const res = await submit(bea, complete);
      expect(res.status).toBe(503);
      expect(res.body.code).toBe(Codes.questionnaireFetchFailed.code);
      expect(await storedApplication(t.app, bea.companyId!)).toBeNull();
    } finally {
      await t.app.db.update(cardQuestionnaireQuestions).set({ active: true });
    }
  });
});
