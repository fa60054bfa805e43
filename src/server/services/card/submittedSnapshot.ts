// What a submit stores for the reviewer (card_applications.submitted_data): the validated values
// with the file's facts and the questions exactly as they were asked, so a later change of the
// questionnaire or a deleted file does not change what was decided on.
import type { CardQuestionnaire, CardQuestionnaireAnswers } from '../../../contract/api/card';
import type { IndustryCategory } from '../../../contract/options';
import type { StoredFile } from '../../db/schema/files';

export interface SubmittedCardApplication {
  businessPurpose: IndustryCategory;
  file: { id: string; name: string; type: string; size: number; sha256: string };
  answers: CardQuestionnaireAnswers;
  questionnaire: CardQuestionnaire;
}

export function submittedSnapshot(input: {
  businessPurpose: IndustryCategory;
  file: StoredFile;
  answers: CardQuestionnaireAnswers;
  questionnaire: CardQuestionnaire;
}): SubmittedCardApplication {
  const { file } = input;
  return {
    businessPurpose: input.businessPurpose,
    file: {
      id: file.id,
      name: file.originalName,
      type: file.contentType,
      size: file.size,
      sha256: file.sha256,
    },
    answers: input.answers,
    questionnaire: input.questionnaire,
  };
}
