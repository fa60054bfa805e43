// Optimistic concurrency between tabs and devices: a change names the version it was made on; an
// older one is refused with what is stored now, so the page can merge or reload instead of
// silently overwriting the other tab.
import type { DraftConflictData } from '../../../contract/api/certification';
import { AppError } from '../../errors';
import type { CertificationRecord } from './applicationRecord';
import { storedStatusOf } from './applicationRecord';
import { effectiveCurrentStep, effectiveDraft } from './effectiveDraft';
import { currentState, statePathOf } from './lifecycleState';

export function assertCurrentVersion(record: CertificationRecord, version: number): void {
  const stored = record.application?.version ?? 0;
  if (version === stored) return;
  const state = statePathOf(currentState(storedStatusOf(record)));
  const data: DraftConflictData = {
    reason: 'staleVersion',
    version: stored,
    currentStep: effectiveCurrentStep(record.application, state),
    draft: effectiveDraft(record.application, state),
  };
  throw new AppError('draftConflict', 409, data);
}
