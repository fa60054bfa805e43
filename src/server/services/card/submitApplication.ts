// Submitting the application: in one transaction, with the company row locked so a double-click
// submits once — eligibility, the chart, the whole validation, then under_review, the snapshot and
// the history. Any refusal throws before anything is written and the transaction leaves nothing.
import type { SubmitCardApplicationRequest } from '../../../contract/api/card';
import { INDUSTRY_CATEGORIES, type IndustryCategory } from '../../../contract/options';
import { AppError, type FieldProblem } from '../../errors';
import type { Db } from '../../types';
import { usableApplicationFile } from './applicationFile';
import {
  lockForChange,
  recordTransition,
  storedStatusOf,
  writeApplication,
  type CardActor,
  type CardRecord,
} from './applicationRecord';
import { applyChanges, hasChanges } from './applyChanges';
import { assertEligible } from './eligibility';
import { saveEventFrom, transitionFor, type CardTransition } from './lifecycle';
import { loadQuestionnaire } from './questionnaire';
import { submittedSnapshot } from './submittedSnapshot';
import { checkAnswers } from './validateAnswers';

const PURPOSES: ReadonlySet<string> = new Set(INDUSTRY_CATEGORIES);

export async function submitApplication(
  db: Db,
  actor: CardActor,
  request: SubmitCardApplicationRequest,
  now: Date,
): Promise<CardRecord> {
  return db.transaction(async (tx) => {
    const record = await lockForChange(tx, actor);
    assertEligible(record.company);
    const transitions: CardTransition[] = [];
    let status = storedStatusOf(record);
    // Changes sent with the submit, or a submit straight from a rejection (re-application with the
    // submitted data), pass through "saved" first, as the chart draws it.
    if (hasChanges(request) || status === 'rejected') {
      const save = transitionFor(status, saveEventFrom(status));
      transitions.push(save);
      status = save.to;
    }
    const submit = transitionFor(status, 'applicant.submit');
    transitions.push(submit);

    const fields = await applyChanges(tx, record, request);
    const questionnaire = await loadQuestionnaire(tx);
    const problems: FieldProblem[] = [];
    const purpose = fields.businessPurpose;
    if (purpose === null || !PURPOSES.has(purpose))
      problems.push({ path: 'businessPurpose', message: 'field.select' });
    const file =
      fields.fileId === null ? null : await usableApplicationFile(tx, record.company.id, fields.fileId);
    if (!file)
      problems.push({ path: 'fileId', message: fields.fileId === null ? 'file.required' : 'file.invalid' });
    const answers = checkAnswers(questionnaire.questions, fields.answers);
    if (problems.length > 0) throw new AppError('validationFailed', 400, [...problems, ...answers.problems]);
    if (answers.problems.length > 0) throw new AppError('questionnaireRequired', 400, answers.problems);

    const application = await writeApplication(
      tx,
      record,
      {
        ...fields,
        state: submit.to,
        submittedData: submittedSnapshot({
          businessPurpose: purpose as IndustryCategory,
          file: file!,
          answers: answers.answers,
          questionnaire,
        }),
        submittedAt: now,
        submittedBy: actor.userId,
        // A new submission waits for a new decision.
        reason: null,
        decidedAt: null,
        decidedBy: null,
      },
      now,
    );
    for (const transition of transitions) {
      // The submit keeps its round's values, so the next round's case view can show what changed
      // (issue 21 §1; services/admin/roundChanges.ts).
      const detail =
        transition.event === 'applicant.submit' ? { submittedData: application.submittedData } : null;
      if (transition.from !== transition.to)
        await recordTransition(tx, application, actor.userId, transition, now, detail);
    }
    return { company: record.company, application };
  });
}
