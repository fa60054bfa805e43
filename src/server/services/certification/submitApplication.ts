// Submitting the application (issue 5 "Submit"): in one transaction, with the company row locked
// so a double-click submits once — the entry rule, the version, the chart, the whole validation,
// then the snapshot, status 1 / audit 1, the history and the applicant's mail through the outbox.
// Any refusal throws before anything is written, and the transaction leaves nothing behind.
import type { SubmitRequest, SubmitResult } from '../../../contract/api/certification';
import type { CompanyLocation } from '../../../contract/options';
import { AppError } from '../../errors';
import { enqueueMail } from '../../mail/enqueueMail';
import type { Db } from '../../types';
import {
  changedByThisRequest,
  lockForChange,
  recordTransition,
  storedStatusOf,
  writeApplication,
} from './applicationRecord';
import { authorizerStepApplies } from './authorizerStep';
import { effectiveDraft } from './effectiveDraft';
import {
  assertEntryAllowed,
  currentState,
  stateValueOf,
  transitionFor,
  type Transition,
} from './lifecycleState';
import { validateApplication } from './validateApplication';
import { assertCurrentVersion } from './versionCheck';
import type { Actor } from './saveDraft';

export async function submitApplication(
  db: Db,
  actor: Actor,
  request: SubmitRequest,
  now: Date,
): Promise<SubmitResult> {
  return db.transaction(async (tx) => {
    const record = await lockForChange(tx, actor);
    if (changedByThisRequest(record) && record.application?.submittedAt) {
      return {
        lifecycleState: record.application.lifecycleState,
        certificationStatus: record.company.certificationStatus,
        auditStatus: record.company.auditStatus,
        submittedAt: record.application.submittedAt.toISOString(),
      } as SubmitResult;
    }
    assertEntryAllowed(record.company);
    assertCurrentVersion(record, request.version);
    const transitions: Transition[] = [];
    let state = currentState(storedStatusOf(record));
    // Submitting straight from a failed review re-applies with the submitted data first.
    if (storedStatusOf(record).certificationStatus === 1) {
      const reapply = transitionFor(state, 'applicant.reapply');
      transitions.push(reapply);
      state = stateValueOf(reapply.to);
    }
    const submit = transitionFor(state, 'applicant.submit');
    transitions.push(submit);

    const first = transitions[0]!;
    const validation = await validateApplication(tx, {
      companyId: record.company.id,
      location: record.company.location as CompanyLocation,
      authorizerStepApplies: authorizerStepApplies(record.user.position),
      draft: effectiveDraft(record.application, first.from),
    });
    if (!validation.ok) {
      throw new AppError('validationFailed', 400, { step: validation.step, problems: validation.problems });
    }

    const application = await writeApplication(
      tx,
      record,
      {
        lifecycleState: submit.to,
        submittedData: validation.data,
        submittedAt: now,
        submittedBy: record.user.id,
      },
      now,
    );
    for (const transition of transitions) {
      // The submit row keeps the round's values: the next round's case view shows the reviewer what
      // changed since (issue 21 §1), and the application row only ever holds the latest round.
      const detail = transition === submit ? { submittedData: validation.data } : null;
      await recordTransition(tx, record, application, transition, now, detail);
    }
    await enqueueMail(tx, {
      to: record.user.email,
      locale: record.user.language,
      template: 'certificationSubmitted',
      vars: { companyName: record.company.name },
    });
    return {
      lifecycleState: submit.to,
      certificationStatus: submit.codes.status,
      auditStatus: submit.codes.audit,
      submittedAt: now.toISOString(),
    };
  });
}
