// The rules of a QR verification session (spec §4, docs/product-rules.md "QR verification"). Every step
// locks the row, first applies any delay whose time has come (the 10-minute expiry is written like
// any other change, and stays written even when the step is then refused), then asks the chart
// whether the step exists. A step the chart does not have is refused and changes nothing.
import { randomUUID } from 'node:crypto';
import type { StateValue } from 'xstate';
import {
  FaceCaptureRules,
  VERIFICATION_LINK_PARAM,
  VERIFICATION_PHONE_PAGE,
  type CaptureSource,
  type CreateVerificationSessionRequest,
  type FaceChallenge,
  readFaceChallenge,
  type RegenerateTooSoonData,
  type VerificationSessionState,
} from '../../../contract/api/verification';
import type { VerificationSessionRow } from '../../db/schema/verification';
import { AppError, notFound, transitionNotAllowed } from '../../errors';
import type { StoredFile } from '../../db/schema/files';
import type { ReceivedUpload } from '../../storage/saveUpload';
import { startFaceCheck } from '../../observability/metrics/recorders';
import type { Clock, Db, DbOrTx } from '../../types';
import { chooseChallenge, type RandomBelow } from './challengeChoice';
import { FaceEngineBusyError, type FaceProvider, type FaceVerificationResult } from './faceProvider';
import { findFaceReference, type FaceReferenceFile } from './faceReference';
import {
  chartStateAt,
  next,
  regenerateAllowedAt,
  statusOf,
  type LifecycleEventType,
} from './sessionLifecycle';
import {
  hashSecret,
  insertFrames,
  insertSession,
  lockById,
  lockByPhoneKeyHash,
  lockByTokenHash,
  lockOwned,
  newSecret,
  writeChange,
  type SessionPatch,
} from './sessionStore';

export interface VerificationDeps {
  db: Db;
  clock: Clock;
  /** PUBLIC_URL: where the phone opens the link. */
  publicUrl: string;
  provider: FaceProvider;
  /**
   * Runs `use` with stored objects as files on this machine (app.storage.withLocalFiles), so the
   * provider can read the capture and the reference whichever store holds them.
   */
  localFiles: <T>(keys: readonly string[], use: (paths: readonly string[]) => Promise<T>) => Promise<T>;
  /** The head movements a capture may be asked for (config FACE_CHALLENGES); absent: all of them. */
  challenges?: readonly FaceChallenge[];
  /** The randomness the challenge is chosen with: node:crypto's randomInt unless a test pins it. */
  random?: RandomBelow;
}

/** The next capture's movement (issue 28 §3): never the one just asked, unless config pins one. */
function nextChallenge(deps: VerificationDeps, previous: FaceChallenge | null): FaceChallenge {
  return chooseChallenge(deps.challenges ?? [], previous, deps.random);
}

export interface DesktopOwner {
  userId: string;
  companyId: string;
}

type Locker = (tx: DbOrTx) => Promise<VerificationSessionRow | null>;
type Step<T> = (tx: DbOrTx, row: VerificationSessionRow, value: StateValue, now: Date) => Promise<T>;

/** The refusal for a step the chart does not have in this state. */
function refusalIn(value: StateValue): AppError {
  const state = statusOf(value);
  if (state === 'expired') return new AppError('verificationExpired', 409, { state });
  if (state === 'cancelled') return new AppError('verificationCancelled', 409, { state });
  return transitionNotAllowed({ state });
}

/**
 * Runs `step` on the locked row with any due expiry already written. A step refuses by throwing an
 * AppError before it writes anything: the expiry is committed, then the refusal is thrown.
 */
async function inLockedSession<T>(deps: VerificationDeps, lock: Locker, step: Step<T>): Promise<T> {
  const outcome = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const found = await lock(tx);
    if (!found) return { ok: false as const, refusal: notFound() };
    const row = await applyDueTime(tx, found, now);
    try {
      return { ok: true as const, result: await step(tx, row, chartStateAt(row, now), now) };
    } catch (error) {
      if (error instanceof AppError) return { ok: false as const, refusal: error };
      throw error;
    }
  });
  if (!outcome.ok) throw outcome.refusal;
  return outcome.result;
}

/** Writes the change a delay makes when its time has come (the expiry; regenerate-allowed is not
 *  a stored state). */
async function applyDueTime(tx: DbOrTx, row: VerificationSessionRow, now: Date) {
  const state = statusOf(chartStateAt(row, now));
  if (state === row.state) return row;
  return writeChange(tx, row, { event: 'xstate.after.qrValidAfterScan', state }, now);
}

/** The chart's target for `type`, or the refusal for this state. */
function require(value: StateValue, type: LifecycleEventType): StateValue {
  const to = next(value, type);
  if (to === null) throw refusalIn(value);
  return to;
}

function linkFor(deps: VerificationDeps, token: string): string {
  return `${deps.publicUrl}${VERIFICATION_PHONE_PAGE}?${VERIFICATION_LINK_PARAM}=${token}`;
}

export interface IssuedSession {
  row: VerificationSessionRow;
  link: string;
}

// ---- desktop ---------------------------------------------------------------------------------

export async function createSession(
  deps: VerificationDeps,
  owner: DesktopOwner,
  request: CreateVerificationSessionRequest,
): Promise<IssuedSession> {
  const token = newSecret();
  const row = await deps.db.transaction((tx) =>
    insertSession(
      tx,
      {
        id: randomUUID(),
        companyId: owner.companyId,
        createdBy: owner.userId,
        purpose: request.purpose,
        subjectName: request.subjectName,
        tokenHash: hashSecret(token),
      },
      deps.clock.now(),
    ),
  );
  return { row, link: linkFor(deps, token) };
}

/** A new session with a new code; the old one is cancelled (the chart's desktop.regenerate). */
export function regenerateSession(deps: VerificationDeps, owner: DesktopOwner, id: string) {
  return inLockedSession(
    deps,
    (tx) => lockOwned(tx, id, owner.companyId),
    async (tx, row, value, now) => {
      const to = next(value, 'desktop.regenerate');
      if (to === null) {
        if (row.state !== 'created') throw refusalIn(value);
        const allowedAt = regenerateAllowedAt(row);
        const data: RegenerateTooSoonData = {
          regenerateAllowedAt: allowedAt.toISOString(),
          retryAfterMs: allowedAt.getTime() - now.getTime(),
        };
        throw new AppError('regenerateTooSoon', 409, data);
      }
      const token = newSecret();
      const fresh = await insertSession(
        tx,
        {
          id: randomUUID(),
          companyId: row.companyId,
          createdBy: owner.userId,
          purpose: row.purpose,
          subjectName: row.subjectName,
          tokenHash: hashSecret(token),
        },
        now,
      );
      await writeChange(
        tx,
        row,
        { event: 'desktop.regenerate', state: statusOf(to), patch: { supersededBy: fresh.id } },
        now,
      );
      return { row: fresh, link: linkFor(deps, token) } satisfies IssuedSession;
    },
  );
}

/** Closing the dialog voids the session; refused while the phone is verifying. */
export function closeSession(deps: VerificationDeps, owner: DesktopOwner, id: string) {
  return inLockedSession(
    deps,
    (tx) => lockOwned(tx, id, owner.companyId),
    async (tx, row, value, now) => {
      const to = require(value, 'desktop.close');
      return writeChange(tx, row, { event: 'desktop.close', state: statusOf(to) }, now);
    },
  );
}

/** The row as of now (an expiry that is due is written first). */
export function readOwnedSession(deps: VerificationDeps, owner: DesktopOwner, id: string) {
  return inLockedSession(
    deps,
    (tx) => lockOwned(tx, id, owner.companyId),
    async (_tx, row) => row,
  );
}

/** Same, for the event stream's periodic check (the caller already proved ownership). */
export function refreshSession(deps: VerificationDeps, id: string) {
  return inLockedSession(
    deps,
    (tx) => lockById(tx, id),
    async (_tx, row) => row,
  );
}

// ---- phone -----------------------------------------------------------------------------------

export interface ScannedSession {
  row: VerificationSessionRow;
  phoneKey: string;
}

/** Consumes the scan token: it works once; the phone key replaces it from here on. */
export function scanSession(deps: VerificationDeps, token: string) {
  return inLockedSession(
    deps,
    (tx) => lockByTokenHash(tx, hashSecret(token)),
    async (tx, row, value, now) => {
      const to = next(value, 'phone.scan');
      // A code replaced by regenerate, or by a newer session, is out of date: "generate a new one".
      if (row.supersededBy !== null)
        throw new AppError('verificationExpired', 409, { state: statusOf(value) });
      if (to === null) {
        const state = statusOf(value);
        if (state === 'expired' || state === 'cancelled') throw refusalIn(value);
        throw new AppError('verificationTokenUsed', 409, { state });
      }
      const phoneKey = newSecret();
      const scanned = await writeChange(
        tx,
        row,
        {
          event: 'phone.scan',
          state: statusOf(to),
          // The first capture's movement, chosen as the phone arrives: its first view shows it.
          patch: { phoneKeyHash: hashSecret(phoneKey), scannedAt: now, challenge: nextChallenge(deps, null) },
        },
        now,
      );
      return { row: scanned, phoneKey } satisfies ScannedSession;
    },
  );
}

const lockByKey = (key: string) => (tx: DbOrTx) => lockByPhoneKeyHash(tx, hashSecret(key));

export function readPhoneSession(deps: VerificationDeps, key: string) {
  return inLockedSession(deps, lockByKey(key), async (_tx, row) => row);
}

/** Consent is a fact, not a state: it is accepted wherever a capture may follow. */
export function recordConsent(deps: VerificationDeps, key: string) {
  return inLockedSession(deps, lockByKey(key), async (tx, row, value, now) => {
    if (next(value, 'phone.startVerification') === null && next(value, 'phone.retry') === null) {
      throw refusalIn(value);
    }
    if (row.consentAt) return row;
    return writeChange(
      tx,
      row,
      { event: 'phone.consent', state: statusOf(value), patch: { consentAt: now } },
      now,
    );
  });
}

export function cancelFromPhone(deps: VerificationDeps, key: string) {
  return inLockedSession(deps, lockByKey(key), async (tx, row, value, now) => {
    const to = require(value, 'phone.cancel');
    return writeChange(tx, row, { event: 'phone.cancel', state: statusOf(to) }, now);
  });
}

/** One capture from the phone: its frames (received, not yet stored) and where they came from. */
export interface FaceCapture {
  source: CaptureSource;
  frames: readonly ReceivedUpload[];
}

/** The frame checks that need no engine: counts and per-frame size by source (issue 16 §3). */
export function captureProblem(capture: FaceCapture): AppError | null {
  const { frames, source } = capture;
  const camera = FaceCaptureRules.camera;
  const countOk =
    source === 'file'
      ? frames.length === 1
      : frames.length >= camera.minFrames && frames.length <= camera.maxFrames;
  if (!countOk) return new AppError('frameCountInvalid', 400, { frames: frames.length, source });
  if (frames.some((f) => !(FaceCaptureRules.contentTypes as readonly string[]).includes(f.contentType))) {
    return new AppError('fileTypeNotAllowed', 415);
  }
  if (source === 'camera' && frames.some((f) => f.size > camera.frameMaxBytes)) {
    return new AppError('frameTooLarge', 413);
  }
  return null;
}

/**
 * Stores the frames and moves to verifying, asks the provider, records its outcome. The uploads are
 * discarded when the step is refused. The provider runs outside any transaction; if the session
 * moved on meanwhile (cancelled, expired, another capture), the late outcome is dropped. A full
 * engine pool spends no attempt: the session goes back to where a capture may start, and the
 * refusal `faceEngineBusy` tells the phone to send again in a moment.
 */
export async function captureFace(
  deps: VerificationDeps,
  key: string,
  capture: FaceCapture,
): Promise<VerificationSessionRow> {
  let started: {
    row: VerificationSessionRow;
    files: StoredFile[];
    reference: FaceReferenceFile | null;
  };
  try {
    started = await inLockedSession(deps, lockByKey(key), async (tx, row, value, now) => {
      const type: LifecycleEventType = row.state === 'failed' ? 'phone.retry' : 'phone.startVerification';
      const to = require(value, type);
      if (!row.consentAt) throw new AppError('consentRequired', 409, { state: row.state });
      const problem = captureProblem(capture);
      if (problem) throw problem;
      const files: StoredFile[] = [];
      for (const frame of capture.frames) {
        files.push(
          await frame.save(tx, { kind: 'faceCapture', companyId: row.companyId, uploadedBy: null }, now),
        );
      }
      await insertFrames(
        tx,
        row.id,
        files.map((f) => f.id),
      );
      const reference = await findFaceReference(tx, row.companyId);
      const verifying = await writeChange(
        tx,
        row,
        {
          event: type,
          state: statusOf(to),
          patch: {
            captureFileId: files[0]?.id ?? null,
            captureSource: capture.source,
            referenceFileId: reference?.fileId ?? null,
            provider: null,
            outcomeReason: null,
          },
        },
        now,
      );
      return { row: verifying, files, reference };
    });
  } finally {
    // A no-op for the frames that were saved.
    await Promise.all(capture.frames.map((frame) => frame.discard()));
  }

  const { row, files, reference } = started;
  let result: FaceVerificationResult | 'busy' | 'fault';
  const check = startFaceCheck(capture.source);
  try {
    const keys = [...files.map((f) => f.storageKey), ...(reference ? [reference.storageKey] : [])];
    result = await deps.localFiles(keys, (paths) =>
      deps.provider.verify({
        sessionId: row.id,
        consentAt: row.consentAt,
        frames: files.map((f, i) => ({ path: paths[i] ?? '', contentType: f.contentType })),
        source: capture.source,
        challenge: capture.source === 'camera' ? readFaceChallenge(row.challenge) : null,
        reference: reference
          ? { fileId: reference.fileId, path: paths[files.length] ?? '', contentType: reference.contentType }
          : null,
      }),
    );
  } catch (error) {
    result = error instanceof FaceEngineBusyError ? 'busy' : 'fault';
  }
  check.done(result);
  const recorded = await recordOutcome(deps, row.id, files[0]?.id ?? null, capture.source, result);
  if (result === 'busy' && recorded.state !== 'verifying') throw new AppError('faceEngineBusy', 503);
  return recorded;
}

/** The lifecycle event and stored fields for one provider answer. */
function outcomeChange(
  row: VerificationSessionRow,
  source: CaptureSource,
  result: FaceVerificationResult | 'busy' | 'fault',
  providerName: string,
  now: Date,
): { type: LifecycleEventType; patch: SessionPatch } {
  if (result === 'busy') return { type: 'provider.busy', patch: {} };
  // An engine fault is not the person's doing: a retry, no attempt spent.
  if (result === 'fault') {
    return { type: 'provider.failed', patch: { provider: providerName, outcomeReason: 'providerError' } };
  }
  // The file picker is the fallback for a phone without a camera: never verified without a reviewer.
  const decided: FaceVerificationResult =
    source === 'file' && result.outcome === 'verified'
      ? { ...result, outcome: 'referred', reason: 'fileFallback' }
      : result;
  const attempts = decided.outcome === 'failed' ? row.attempts + 1 : row.attempts;
  const type: LifecycleEventType =
    decided.outcome === 'verified'
      ? 'provider.verified'
      : decided.outcome === 'referred'
        ? 'provider.referred'
        : attempts >= FaceCaptureRules.attemptsPerScan
          ? 'provider.failedLastAttempt'
          : 'provider.failed';
  return {
    type,
    patch: {
      provider: providerName,
      attempts,
      outcome: decided.outcome,
      outcomeReason: decided.outcome === 'verified' ? null : (decided.reason ?? decided.outcome),
      score: decided.score ?? null,
      liveness: decided.liveness ?? null,
      attackEvidence: decided.attack ?? null,
      engineName: decided.engine.name,
      engineVersion: decided.engine.version,
      decidedAt: now,
    },
  };
}

function recordOutcome(
  deps: VerificationDeps,
  id: string,
  fileId: string | null,
  source: CaptureSource,
  result: FaceVerificationResult | 'busy' | 'fault',
) {
  return inLockedSession(
    deps,
    (tx) => lockById(tx, id),
    async (tx, row, value, now) => {
      if (row.captureFileId !== fileId) return row;
      const { type, patch } = outcomeChange(row, source, result, deps.provider.name, now);
      const to = next(value, type);
      if (to === null) return row;
      const state = statusOf(to);
      return writeChange(
        tx,
        row,
        { event: type, state, patch: { ...patch, ...challengeAfter(deps, row, type, state) } },
        now,
      );
    },
  );
}

/**
 * The challenge after an answer (issue 28 §3): a decided capture (or an engine fault, whose frames
 * were seen too) asks the retry for a new movement, so a recording of this attempt does not fit
 * the next; a decision that ends the checks leaves none. A busy engine decided nothing: the person
 * sends the same movement again.
 */
function challengeAfter(
  deps: VerificationDeps,
  row: VerificationSessionRow,
  type: LifecycleEventType,
  state: VerificationSessionState,
): SessionPatch {
  if (type === 'provider.busy') return {};
  return { challenge: state === 'failed' ? nextChallenge(deps, readFaceChallenge(row.challenge)) : null };
}
