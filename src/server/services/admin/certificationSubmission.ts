// A certification's submitted values as the back office reads them: the steps in wizard order
// (the confirmed location first) with every leaf as a CaseField, and where each step refers to a
// document. Stored JSON is never trusted blindly: anything that is not an object is left out.
import type { CaseStep } from '../../../contract/api/admin';
import { DRAFT_STEPS, type CertificationStepId } from '../../../contract/api/certification';
import { fileReferencesIn } from '../certification/fileReferences';
import { caseFieldsOf } from './caseFields';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface StepFiles {
  step: CertificationStepId;
  /** Path inside the step → file id. */
  paths: Map<string, string>;
}

/** The submitted values as steps (location first), and where each step refers to a document. */
export function submittedSteps(submittedData: unknown): {
  steps: CaseStep<CertificationStepId>[];
  files: StepFiles[];
} {
  if (!isObject(submittedData)) return { steps: [], files: [] };
  const steps: CaseStep<CertificationStepId>[] = [];
  const files: StepFiles[] = [];
  if (typeof submittedData['location'] === 'string') {
    steps.push({
      stepId: 'selectLocationCompany',
      fields: caseFieldsOf('selectLocationCompany', { location: submittedData['location'] }, new Map()),
    });
  }
  for (const step of DRAFT_STEPS) {
    const values = submittedData[step];
    if (!isObject(values)) continue;
    const paths = new Map(fileReferencesIn(values).map((ref) => [ref.path, ref.fileId]));
    steps.push({ stepId: step, fields: caseFieldsOf(step, values, paths) });
    files.push({ step, paths });
  }
  return { steps, files };
}
