// The card application API's request shape (src/contract/api/card.ts) at unit level: the
// questionnaire answers' upper bounds (CARD_ANSWER_LIMITS), the business purpose, and the one-file
// rule (spec §4 card application: one file; the API answers oneFileOnly) (issue 19 §2).
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  CARD_API_PREFIX,
  CARD_APPLICATION_FILE_KIND,
  cardAnswersSchema,
  saveCardApplicationRequest,
  sendsMoreThanOneFile,
} from '../../../../src/contract/api/card';
import { FILE_IDS } from '../support/fixtures';
import { messagesByPath } from '../support/issues';

const check = (schema: z.ZodType, input: unknown) => messagesByPath(schema, input);

describe('card application requests', () => {
  it('are under /plat, and its file is of kind cardApplication', () => {
    expect(CARD_API_PREFIX).toBe('/plat');
    expect(CARD_APPLICATION_FILE_KIND).toBe('cardApplication');
  });

  it('answers: text up to 2000 characters, up to 50 choices of up to 200 characters, up to 100 questions', () => {
    const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`q${i}`, 'x']));
    expect(
      check(cardAnswersSchema, {
        q1: 't'.repeat(2000),
        q2: Array(50).fill('o'.repeat(200)),
        [`${'k'.repeat(100)}`]: 'x',
      }),
    ).toEqual({});
    expect(check(cardAnswersSchema, many(100))).toEqual({});
    expect(check(cardAnswersSchema, many(101))).toEqual({ '': ['field.tooLong'] });
    expect(check(cardAnswersSchema, { q1: 't'.repeat(2001) })).toEqual({ q1: ['field.tooLong'] });
    expect(check(cardAnswersSchema, { q1: Array(51).fill('o') })).not.toEqual({});
    expect(check(cardAnswersSchema, { q1: ['o'.repeat(201)] })).toEqual({ 'q1.0': ['field.tooLong'] });
    expect(check(cardAnswersSchema, { [`${'k'.repeat(101)}`]: 'x' })).not.toEqual({});
    expect(check(cardAnswersSchema, { '': 'x' })).not.toEqual({});
    expect(check(cardAnswersSchema, { q1: 5 })).not.toEqual({});
  });

  it('a save may hold any field, null clearing it; a business purpose is one of the spec list', () => {
    expect(check(saveCardApplicationRequest, {})).toEqual({});
    expect(
      check(saveCardApplicationRequest, {
        businessPurpose: 'eWallet',
        fileId: FILE_IDS.a,
        answers: { q1: 'x' },
      }),
    ).toEqual({});
    expect(check(saveCardApplicationRequest, { businessPurpose: null, fileId: null, answers: null })).toEqual(
      {},
    );
    expect(check(saveCardApplicationRequest, { businessPurpose: 'gambling' })).toEqual({
      businessPurpose: ['field.select'],
    });
    expect(check(saveCardApplicationRequest, { fileId: 'x' })).toEqual({ fileId: ['file.invalid'] });
    expect(check(saveCardApplicationRequest, { answers: { q1: 't'.repeat(2001) } })).not.toEqual({});
  });

  it('a body that lists more than one file, as fileId or fileIds, breaks the one-file rule', () => {
    expect(sendsMoreThanOneFile({ fileId: [FILE_IDS.a, FILE_IDS.b] })).toBe(true);
    expect(sendsMoreThanOneFile({ fileIds: [FILE_IDS.a, FILE_IDS.b] })).toBe(true);
    expect(sendsMoreThanOneFile({ fileId: FILE_IDS.a })).toBe(false);
    expect(sendsMoreThanOneFile({ fileIds: [FILE_IDS.a] })).toBe(false);
    expect(sendsMoreThanOneFile({ fileIds: 'ab' })).toBe(false);
    expect(sendsMoreThanOneFile({})).toBe(false);
    expect(sendsMoreThanOneFile(null)).toBe(false);
    expect(sendsMoreThanOneFile(undefined)).toBe(false);
    expect(sendsMoreThanOneFile('[1,2]')).toBe(false);
  });
});
