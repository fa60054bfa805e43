// Temporary save (spec §4 "saved"): allowed from not started, saved and rejected (there it is the
// re-application). Under review or approved the chart has no such change: 409, nothing written.
import type { SaveCardApplicationRequest } from '../../../contract/api/card';
import type { Db } from '../../types';
import {
  lockForChange,
  recordTransition,
  storedStatusOf,
  writeApplication,
  type CardActor,
  type CardRecord,
} from './applicationRecord';
import { applyChanges } from './applyChanges';
import { assertEligible } from './eligibility';
import { saveEventFrom, transitionFor } from './lifecycle';

export async function saveApplication(
  db: Db,
  actor: CardActor,
  request: SaveCardApplicationRequest,
  now: Date,
): Promise<CardRecord> {
  return db.transaction(async (tx) => {
    const record = await lockForChange(tx, actor);
    assertEligible(record.company);
    const status = storedStatusOf(record);
    const save = transitionFor(status, saveEventFrom(status));
    const fields = await applyChanges(tx, record, request);
    const application = await writeApplication(tx, record, { ...fields, state: save.to }, now);
    // saved ⇄ saved is every autosave: the history records changes of state, not each keystroke.
    if (save.from !== save.to) await recordTransition(tx, application, actor.userId, save, now);
    return { company: record.company, application };
  });
}
