// Saving one step of the wizard (issue 5 "Drafts on the server"): allowed by the entry rule and
// the chart's applicant.saveDraft; after a rejection the first save is the re-application and
// starts from the submitted data.
import type {
  CertificationDraft,
  SaveDraftRequest,
  SaveDraftResult,
} from '../../../contract/api/certification';
import { draftBytes, draftOverBound } from '../../../contract/validators/draftSize';
import { AppError } from '../../errors';
import type { Db, DbOrTx } from '../../types';
import {
  changedByThisRequest,
  lockForChange,
  recordTransition,
  storedStatusOf,
  writeApplication,
} from './applicationRecord';
import { effectiveDraft } from './effectiveDraft';
import { fileReferencesIn, foreignReferences } from './fileReferences';
import { assertEntryAllowed, currentState, transitionFor } from './lifecycleState';
import { assertCurrentVersion } from './versionCheck';

export interface Actor {
  companyId: string;
  userId: string;
}

/** Every file id the step's values name is one of this company's uploads: else nothing is saved. */
async function assertOwnFiles(tx: DbOrTx, companyId: string, request: SaveDraftRequest): Promise<void> {
  const foreign = await foreignReferences(tx, companyId, fileReferencesIn(request.values));
  if (foreign.length === 0) return;
  throw new AppError(
    'fileNotOwned',
    400,
    foreign.map((r) => ({ path: `${request.step}.${r.path}`, message: 'file.invalid' })),
  );
}

/**
 * The draft as it would be stored stays within Limits.draft (issue 29 §4): else draftTooLarge (413)
 * and the transaction stores nothing. Measured on the whole draft, not the step, because saving
 * step after step is how a draft once grew to 5.7 MB.
 */
function assertDraftWithinBounds(draft: CertificationDraft): void {
  const over = draftOverBound(draftBytes(draft), fileReferencesIn(draft).length);
  if (over) throw new AppError('draftTooLarge', 413, over);
}

export async function saveDraft(
  db: Db,
  actor: Actor,
  request: SaveDraftRequest,
  now: Date,
): Promise<SaveDraftResult> {
  return db.transaction(async (tx) => {
    const record = await lockForChange(tx, actor);
    if (changedByThisRequest(record) && record.application) {
      const { application } = record;
      return {
        version: application.version,
        currentStep: application.currentStep,
        savedAt: application.updatedAt.toISOString(),
        lifecycleState: application.lifecycleState,
      } as SaveDraftResult;
    }
    assertEntryAllowed(record.company);
    assertCurrentVersion(record, request.version);
    const transition = transitionFor(currentState(storedStatusOf(record)), 'applicant.saveDraft');
    const draft = { ...effectiveDraft(record.application, transition.from), [request.step]: request.values };
    // The bound first: a draft over it is not worth the file lookup.
    assertDraftWithinBounds(draft);
    await assertOwnFiles(tx, actor.companyId, request);
    const application = await writeApplication(
      tx,
      record,
      { draft, currentStep: request.currentStep, lifecycleState: transition.to },
      now,
    );
    // Autosaves repeat the draft → draft self-transition: only real state changes enter the history.
    if (transition.from !== transition.to || !record.application) {
      await recordTransition(tx, record, application, transition, now);
    }
    return {
      version: application.version,
      currentStep: request.currentStep,
      savedAt: now.toISOString(),
      lifecycleState: transition.to,
    };
  });
}
