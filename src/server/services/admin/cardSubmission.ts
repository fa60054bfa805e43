// A card application's submit snapshot as the back office reads it: the snapshot itself (null when
// nothing was submitted) and its values as leaves per step, the "<stepId>.<path>" strings the case
// view lists and a revision request flags (cardCase.ts, flaggableCase.ts).
import type { CaseStep, CardCaseStepId } from '../../../contract/api/admin';
import type { SubmittedCardApplication } from '../card/submittedSnapshot';
import { caseFieldsOf } from './caseFields';

export function cardSnapshotOf(value: unknown): SubmittedCardApplication | null {
  if (typeof value !== 'object' || value === null) return null;
  const s = value as Partial<SubmittedCardApplication>;
  if (!s.file || !s.questionnaire || !Array.isArray(s.questionnaire.questions)) return null;
  return {
    businessPurpose: s.businessPurpose!,
    file: s.file,
    answers: s.answers ?? {},
    questionnaire: s.questionnaire,
  };
}

export function cardStepsOf(snapshot: SubmittedCardApplication): CaseStep<CardCaseStepId>[] {
  return [
    {
      stepId: 'selectBusinessPurpose',
      fields: caseFieldsOf('selectBusinessPurpose', { businessPurpose: snapshot.businessPurpose }, new Map()),
    },
    {
      stepId: 'uploadRelevantInfo',
      fields: caseFieldsOf(
        'uploadRelevantInfo',
        { fileId: snapshot.file.id },
        new Map([['fileId', snapshot.file.id]]),
      ),
    },
    { stepId: 'questionnaire', fields: caseFieldsOf('questionnaire', snapshot.answers, new Map()) },
  ];
}
