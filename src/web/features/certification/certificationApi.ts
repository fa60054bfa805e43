// The certification API for the wizard's chart: one function per call of
// src/contract/api/certification.ts, in the chart's terms (machines/certification.machine.ts).
// The draft's version (optimistic concurrency) lives here, not in the chart: every save and the
// submit send the version the last answer gave.
import type {
  CertificationStep,
  SaveOutcome,
  SaveRefusal,
  SaveStepInput,
  SubmitOutcome,
  WizardView,
} from '../../../../machines/certification.machine';
import {
  CertificationPaths,
  type CertificationView,
  type DraftConflictData,
  type SaveDraftResult,
  type SubmitProblems,
  type SubmitResult,
} from '../../../contract/api/certification';
import { Codes, SUCCESS_CODE } from '../../../contract/codes';
import type { Envelope } from '../../../contract/envelope';
import { normaliseErrorCode } from '../../../contract/errorCode';
import type { ApiClient } from '../../api/client';

const page = { isPageHandle: true } as const;

const LOCATION_REFUSALS = new Set<number | string>([
  Codes.locationLocked.code,
  Codes.certificationEntryDenied.code,
  Codes.transitionNotAllowed.code,
]);

function isOk(answer: Envelope<unknown>): boolean {
  return normaliseErrorCode(answer.code) === SUCCESS_CODE;
}

/** A transport failure or a refusal the chart treats as "not saved": it rejects, the chart retries. */
class CallFailed extends Error {
  constructor(readonly answer: Envelope<unknown>) {
    super(answer.msg || 'call failed');
  }
}

/** The server refused the save for its size (draftTooLarge, 413): the chart shows its own message. */
class DraftTooLarge extends CallFailed implements SaveRefusal {
  readonly refusal = 'draftTooLarge' as const;
}

/** The 409 answer to a save or submit that named an older version than the one stored. */
function isStale(answer: Envelope<unknown>): boolean {
  const data = answer.data as Partial<DraftConflictData> | null;
  return !isOk(answer) && data?.reason === 'staleVersion';
}

/** The chart's view of what the server stores. */
export function wizardViewOf(view: CertificationView): WizardView {
  return {
    authorizerStepApplies: view.authorizerStepApplies,
    location: view.locationLocked ? view.location : null,
    registeredLocation: view.location,
    currentStep: view.currentStep,
    draft: {
      ...(view.draft as WizardView['draft']),
      ...(view.locationLocked ? { selectLocationCompany: { location: view.location } } : {}),
    },
    review: view.review
      ? {
          reason: view.review.reason,
          flaggedFields: view.review.flaggedFields,
          fieldComments: view.review.fieldComments ?? {},
        }
      : null,
  };
}

export function createCertificationApi(api: ApiClient) {
  let version = 0;
  let lastView: CertificationView | null = null;

  // One call at a time from this tab: the autosave and a step's own save can fall due together, and
  // both would name the same version; the server then refused the second as stale and the person saw
  // "changed in another tab" with no other tab open (seen in CI). Each call waits for the one before
  // it to be answered, so it sends the version that answer gave.
  let turn: Promise<unknown> = Promise.resolve();
  function inTurn<T>(call: () => Promise<T>): Promise<T> {
    const run = turn.then(call, call);
    turn = run.catch(() => undefined);
    return run;
  }

  async function load(): Promise<CertificationView> {
    const answer = await api.get<CertificationView, typeof page>(
      CertificationPaths.application,
      undefined,
      page,
    );
    if (!isOk(answer)) throw new CallFailed(answer);
    version = answer.data.version;
    lastView = answer.data;
    return answer.data;
  }

  async function saveDraftNow(input: SaveStepInput): Promise<SaveOutcome> {
    const body = { step: input.step, values: input.values, currentStep: input.currentStep, version };
    const answer = await api.post<SaveDraftResult | DraftConflictData, typeof page>(
      CertificationPaths.draft,
      body,
      page,
    );
    // Another tab or device saved meanwhile: never resend on top of it (that silently overwrote the
    // other tab's step). The version stays the stale one, so every later save is refused too until
    // the chart loads the latest version (docs/decisions/applicant-web.md "Navigation: two tabs").
    if (isStale(answer)) return { kind: 'conflict' };
    if (normaliseErrorCode(answer.code) === Codes.draftTooLarge.code) throw new DraftTooLarge(answer);
    if (!isOk(answer)) throw new CallFailed(answer);
    version = (answer.data as SaveDraftResult).version;
    return { kind: 'saved' };
  }

  return {
    /** The last view loaded (files, company name, review details for the pages). */
    lastView: () => lastView,
    loadWizardView: (): Promise<WizardView> => inTurn(async () => wizardViewOf(await load())),
    saveStep: (input: SaveStepInput): Promise<SaveOutcome> => inTurn(() => saveStepNow(input)),
    saveDraft: (input: SaveStepInput): Promise<SaveOutcome> => inTurn(() => saveDraftNow(input)),
    submit: (): Promise<SubmitOutcome> => inTurn(submitNow),
  };

  async function saveStepNow(input: SaveStepInput): Promise<SaveOutcome> {
    if (input.step !== 'selectLocationCompany') return saveDraftNow(input);
    const answer = await api.post<CertificationView, typeof page>(
      CertificationPaths.location,
      { location: input.values['location'], confirm: true },
      page,
    );
    if (isOk(answer)) {
      version = answer.data.version;
      lastView = answer.data;
      return { kind: 'saved' };
    }
    // 409 location locked / entry denied: a business refusal the step shows, not a retryable failure.
    if (LOCATION_REFUSALS.has(normaliseErrorCode(answer.code))) {
      return { kind: 'invalid', problems: [{ path: 'location', message: 'field.select' }] };
    }
    throw new CallFailed(answer);
  }

  async function submitNow(): Promise<SubmitOutcome> {
    const answer = await api.post<SubmitResult | SubmitProblems, typeof page>(
      CertificationPaths.submit,
      { version },
      page,
    );
    if (isOk(answer)) return { kind: 'submitted' };
    if (isStale(answer)) return { kind: 'conflict' };
    const data = answer.data as Partial<SubmitProblems> | null;
    if (data && typeof data.step === 'string' && Array.isArray(data.problems)) {
      const step = data.step as CertificationStep;
      return {
        kind: 'invalid',
        step,
        problems: data.problems
          .filter((p) => p.step === step)
          .map((p) => ({ path: p.path, message: p.message })),
      };
    }
    throw new CallFailed(answer);
  }
}

export type CertificationApi = ReturnType<typeof createCertificationApi>;
