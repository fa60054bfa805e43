// The questionnaire as the API serves it: the active rows of card_questionnaire_questions, in order
// (operations change them without a release). When they cannot be read, or none are active, the
// questionnaire cannot be answered: questionnaireFetchFailed (503, spec §8 "service abnormal, try later").
import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { CardQuestionnaire, Question } from '../../../contract/api/card';
import { cardQuestionnaireQuestions } from '../../db/schema/card';
import { AppError } from '../../errors';
import type { DbOrTx } from '../../types';

export function questionnaireFetchFailed(cause?: unknown): AppError {
  const error = new AppError('questionnaireFetchFailed', 503);
  if (cause !== undefined) error.cause = cause;
  return error;
}

export async function loadQuestionnaire(db: DbOrTx): Promise<CardQuestionnaire> {
  let rows;
  try {
    rows = await db
      .select()
      .from(cardQuestionnaireQuestions)
      .where(eq(cardQuestionnaireQuestions.active, true))
      .orderBy(asc(cardQuestionnaireQuestions.position), asc(cardQuestionnaireQuestions.id));
  } catch (error) {
    throw questionnaireFetchFailed(error);
  }
  if (rows.length === 0) throw questionnaireFetchFailed();
  const questions: Question[] = rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    required: row.required,
    title: row.title,
    hint: row.hint ?? null,
    options: row.kind === 'text' ? [] : row.options,
    maxLength: row.kind === 'text' ? row.maxLength : null,
  }));
  // A content hash: any edit of the rows gives a new version, with no counter to maintain.
  const version = createHash('sha256').update(JSON.stringify(questions)).digest('hex').slice(0, 16);
  return { version, questions };
}
