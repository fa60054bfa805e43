// Whether the answers fully and validly answer the questionnaire (spec §5: it must be filled before
// submit). Pure: the questions come from loadQuestionnaire. Answers to questions that are no longer
// asked are not an error; they are left out of what is submitted.
import type { CardQuestionnaireAnswers, Question } from '../../../contract/api/card';
import type { ValidationMessageId } from '../../../contract/validationMessages';
import type { FieldProblem } from '../../errors';

export interface AnswersCheck {
  problems: FieldProblem[];
  /** The answers of the asked questions, normalised (text trimmed); empty optional ones left out. */
  answers: CardQuestionnaireAnswers;
}

const problem = (question: Question, message: ValidationMessageId): FieldProblem => ({
  path: `answers.${question.id}`,
  message,
});

function isBlank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

function checkOne(
  question: Question,
  value: unknown,
): { message: ValidationMessageId } | { value: string | string[] } {
  const optionIds = new Set(question.options.map((o) => o.id));
  switch (question.kind) {
    case 'singleChoice':
      return typeof value === 'string' && optionIds.has(value) ? { value } : { message: 'field.select' };
    case 'multipleChoice': {
      if (!Array.isArray(value)) return { message: 'field.select' };
      const valid =
        value.every((v) => typeof v === 'string' && optionIds.has(v)) && new Set(value).size === value.length;
      return valid ? { value: value as string[] } : { message: 'field.select' };
    }
    case 'text': {
      if (typeof value !== 'string') return { message: 'field.required' };
      const text = value.trim();
      if (question.maxLength !== null && text.length > question.maxLength)
        return { message: 'field.tooLong' };
      return { value: text };
    }
  }
}

export function checkAnswers(questions: readonly Question[], given: CardQuestionnaireAnswers): AnswersCheck {
  const problems: FieldProblem[] = [];
  const answers: CardQuestionnaireAnswers = {};
  for (const question of questions) {
    const value = Object.hasOwn(given, question.id) ? given[question.id] : undefined;
    if (isBlank(value)) {
      if (question.required)
        problems.push(problem(question, question.kind === 'text' ? 'field.required' : 'field.select'));
      continue;
    }
    const checked = checkOne(question, value);
    if ('message' in checked) problems.push(problem(question, checked.message));
    else answers[question.id] = checked.value;
  }
  return { problems, answers };
}
