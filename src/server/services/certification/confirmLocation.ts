// Confirming the company location (spec §2: it cannot be changed once confirmed). The first
// confirmation locks companies.location_locked and starts the draft; the same location again
// changes nothing; another location once locked is refused and nothing changes.
import { eq } from 'drizzle-orm';
import type { ConfirmLocationRequest, CertificationView } from '../../../contract/api/certification';
import { companies } from '../../db/schema/accounts';
import { AppError } from '../../errors';
import type { Db } from '../../types';
import {
  lockForChange,
  readRecord,
  recordTransition,
  storedStatusOf,
  writeApplication,
} from './applicationRecord';
import { buildView } from './applicationView';
import { effectiveDraft } from './effectiveDraft';
import { assertEntryAllowed, currentState, transitionFor } from './lifecycleState';
import type { Actor } from './saveDraft';

export async function confirmLocation(
  db: Db,
  actor: Actor,
  request: ConfirmLocationRequest,
  now: Date,
): Promise<CertificationView> {
  await db.transaction(async (tx) => {
    const record = await lockForChange(tx, actor);
    assertEntryAllowed(record.company);
    if (record.company.locationLocked) {
      if (record.company.location !== request.location) throw new AppError('locationLocked', 409);
      return;
    }
    const transition = transitionFor(currentState(storedStatusOf(record)), 'applicant.saveDraft');
    await tx
      .update(companies)
      .set({ location: request.location, locationLocked: true })
      .where(eq(companies.id, record.company.id));
    const application = await writeApplication(
      tx,
      record,
      {
        draft: effectiveDraft(record.application, transition.from),
        currentStep: 'completeCompanyInfo',
        lifecycleState: transition.to,
      },
      now,
    );
    await recordTransition(tx, record, application, { ...transition }, now, {
      action: 'applicant.confirmLocation',
      location: request.location,
    });
  });
  return buildView(db, await readRecord(db, actor));
}
