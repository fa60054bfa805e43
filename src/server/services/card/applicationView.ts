// The application as the steps and the gateway show it (CardApplicationView of the contract).
import { nextLifecycleState } from '../../../../machines/lifecycle';
import { cardApplicationLifecycleMachine } from '../../../../machines/cardApplicationLifecycle.machine';
import type { CardApplicationView } from '../../../contract/api/card';
import type { IndustryCategory } from '../../../contract/options';
import type { DbOrTx } from '../../types';
import { applicationFileOf } from './applicationFile';
import { storedStatusOf, type CardRecord } from './applicationRecord';
import { cardEligibilityOf } from './eligibility';
import { commentsOfRevision } from '../certification/reviewComments';
import { saveEventFrom, stateOfStatus } from './lifecycle';

export interface ViewOptions {
  /** app.config.baseAddresses.checkout: where "open card system" goes once approved. */
  cardSystemUrl: string;
}

export async function buildView(
  db: DbOrTx,
  record: CardRecord,
  options: ViewOptions,
): Promise<CardApplicationView> {
  const status = storedStatusOf(record);
  const lifecycleState = stateOfStatus(status);
  const eligibility = cardEligibilityOf(record.company);
  const application = record.application;
  const file = await applicationFileOf(db, record.company.id, application?.fileId ?? null);
  const chartAllowsSave =
    nextLifecycleState(cardApplicationLifecycleMachine, lifecycleState, { type: saveEventFrom(status) }) !==
    null;
  const revision =
    status === 'revision_requested' && application?.decidedAt
      ? { ...application, decidedAt: application.decidedAt }
      : null;
  return {
    lifecycleState,
    status,
    eligibility,
    mayEdit: eligibility === 'eligible' && chartAllowsSave,
    businessPurpose: (application?.businessPurpose as IndustryCategory | null | undefined) ?? null,
    file: file && { id: file.id, name: file.originalName, type: file.contentType, size: file.size },
    answers: application?.answers ?? {},
    reason: application?.reason ?? null,
    // Shown while the revision is open (saves keep the state); the next submit ends it.
    flaggedFields: revision ? revision.flaggedFields : [],
    fieldComments: revision ? await commentsOfRevision(db, 'cardApplication', revision) : {},
    savedAt: application?.updatedAt.toISOString() ?? null,
    submittedAt: application?.submittedAt?.toISOString() ?? null,
    decidedAt: application?.decidedAt?.toISOString() ?? null,
    cardSystemUrl: status === 'approved' ? options.cardSystemUrl : null,
    version: application?.version ?? 0,
  };
}
