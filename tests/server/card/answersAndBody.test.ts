// The pure parts of the card API, one layer at a time: the answer check against a questionnaire,
// and how a request body's file list is read (one item → that file, more → oneFileOnly).
import { describe, expect, it } from 'vitest';
import { sendsMoreThanOneFile, type Question } from '../../../src/contract/api/card';
import { oneFileIdOf } from '../../../src/server/routes/card/oneFileOnly';
import { checkAnswers } from '../../../src/server/services/card/validateAnswers';

const text = (zh: string, en: string) => ({ 'zh-cn': zh, 'en-us': en });
const options = ['a', 'b', 'c'].map((id) => ({ id, label: text(id, id) }));
const questions: Question[] = [
  {
    id: 'single',
    kind: 'singleChoice',
    required: true,
    title: text('单选', 'Single'),
    hint: null,
    options,
    maxLength: null,
  },
  {
    id: 'multi',
    kind: 'multipleChoice',
    required: true,
    title: text('多选', 'Multi'),
    hint: null,
    options,
    maxLength: null,
  },
  {
    id: 'note',
    kind: 'text',
    required: false,
    title: text('备注', 'Note'),
    hint: null,
    options: [],
    maxLength: 5,
  },
];

describe('checkAnswers', () => {
  it('passes complete answers and trims text', () => {
    expect(checkAnswers(questions, { single: 'a', multi: ['b', 'c'], note: ' hi ' })).toEqual({
      problems: [],
      answers: { single: 'a', multi: ['b', 'c'], note: 'hi' },
    });
  });

  it('names every missing required answer', () => {
    expect(checkAnswers(questions, { multi: [] }).problems).toEqual([
      { path: 'answers.single', message: 'field.select' },
      { path: 'answers.multi', message: 'field.select' },
    ]);
  });

  it('refuses unknown options, duplicates, wrong shapes and too long text', () => {
    expect(checkAnswers(questions, { single: 'z', multi: ['a', 'a'], note: 'toolong' }).problems).toEqual([
      { path: 'answers.single', message: 'field.select' },
      { path: 'answers.multi', message: 'field.select' },
      { path: 'answers.note', message: 'field.tooLong' },
    ]);
    expect(checkAnswers(questions, { single: ['a'], multi: 'a' }).problems).toHaveLength(2);
  });

  it('does not read inherited keys as answers', () => {
    const answers = Object.create({ single: 'a' }) as Record<string, string>;
    expect(checkAnswers(questions, answers).problems[0]).toEqual({
      path: 'answers.single',
      message: 'field.select',
    });
  });
});

describe('file lists in a body', () => {
  const one = '00000000-0000-4000-8000-000000000001';
  const two = '00000000-0000-4000-8000-000000000002';
  it('more than one file is detected under either name', () => {
    expect(sendsMoreThanOneFile({ fileId: [one, two] })).toBe(true);
    expect(sendsMoreThanOneFile({ fileIds: [one, two] })).toBe(true);
    expect(sendsMoreThanOneFile({ fileId: one })).toBe(false);
    expect(sendsMoreThanOneFile({ fileIds: [one] })).toBe(false);
    expect(sendsMoreThanOneFile(null)).toBe(false);
  });

  it('a one-item list is that file, an empty list clears it, a single id is left alone', () => {
    expect(oneFileIdOf({ fileIds: [one], answers: {} })).toEqual({ fileId: one, answers: {} });
    expect(oneFileIdOf({ fileId: [one] })).toEqual({ fileId: one });
    expect(oneFileIdOf({ fileId: [] })).toEqual({ fileId: null });
    expect(oneFileIdOf({ fileId: one })).toEqual({ fileId: one });
  });
});
