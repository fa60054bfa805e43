// The desktop's QR verification calls (src/contract/api/verification.ts), answered in the charts'
// terms (machines/qrVerification, machines/qrSessionLive). Times become durations measured on the
// server's clock, so a device clock that is off does not move the 120 s or the 10 minutes.
import type { ApiOutcome } from '../../../../machines/accountOutcome';
import type { SessionUpdateEvent, SessionUpdateType } from '../../../../machines/qrSessionLive.machine';
import type { RegenerateOutcome, ShownCode } from '../../../../machines/qrVerification.machine';
import {
  VerificationPaths,
  type RegenerateTooSoonData,
  type VerificationSessionCreated,
  type VerificationSessionState,
  type VerificationSessionView,
  type VerificationStreamEvent,
} from '../../../contract/api/verification';
import { Codes } from '../../../contract/codes';
import { Limits } from '../../../contract/limits';
import { normaliseErrorCode } from '../../../contract/errorCode';
import { outcomeOf } from '../../api/accounts';
import type { ApiClient } from '../../api/client';

const UPDATE_TYPES: Partial<Record<VerificationSessionState, SessionUpdateType>> = {
  scanned: 'session.scanned',
  verifying: 'session.verifying',
  failed: 'session.failed',
  verified: 'session.verified',
  referred: 'session.referred',
  failedFinal: 'session.failedFinal',
  cancelled: 'session.cancelled',
  expired: 'session.expired',
};

export function toShownCode(created: VerificationSessionCreated, seenAt: number): ShownCode {
  const left = Date.parse(created.regenerateAllowedAt) - Date.parse(created.serverTime);
  return {
    sessionId: created.sessionId,
    link: created.link,
    version: created.version,
    shownAt: seenAt,
    regenerateInMs: Number.isFinite(left)
      ? Math.min(Math.max(left, 0), Limits.qr.regenerateAfterMs)
      : Limits.qr.regenerateAfterMs,
  };
}

/** A server view (GET or stream message) as a chart event; null for 'created' (nothing happened yet). */
export function toSessionUpdate(
  view: VerificationSessionView | VerificationStreamEvent,
  seenAt: number,
): SessionUpdateEvent | null {
  const type = UPDATE_TYPES[view.state];
  if (!type) return null;
  const reference = 'serverTime' in view ? view.serverTime : view.at;
  const left = view.expiresAt ? Date.parse(view.expiresAt) - Date.parse(reference) : NaN;
  return {
    type,
    sessionId: view.sessionId,
    version: view.version,
    seenAt,
    validForMs: Number.isFinite(left) ? Math.max(left, 0) : null,
    outcomeReason: view.outcomeReason,
  };
}

export function createVerificationApi(api: ApiClient, now: () => number = Date.now) {
  const page = { isPageHandle: true } as const;
  return {
    async createSession(input: { subjectName: string }): Promise<ApiOutcome<ShownCode>> {
      const answer = await api.post<VerificationSessionCreated, typeof page>(
        VerificationPaths.sessions,
        { purpose: 'authorizer', subjectName: input.subjectName },
        page,
      );
      const outcome = outcomeOf(answer);
      return outcome.kind === 'ok' ? { kind: 'ok', data: toShownCode(outcome.data, now()) } : outcome;
    },
    async regenerate(input: { sessionId: string }): Promise<RegenerateOutcome> {
      const answer = await api.post<VerificationSessionCreated, typeof page>(
        VerificationPaths.regenerate(input.sessionId),
        {},
        page,
      );
      if (normaliseErrorCode(answer.code) === Codes.regenerateTooSoon.code) {
        const data = answer.data as unknown as RegenerateTooSoonData | null;
        return { kind: 'tooSoon', retryInMs: Math.max(0, data?.retryAfterMs ?? Limits.qr.regenerateAfterMs) };
      }
      const outcome = outcomeOf(answer);
      return outcome.kind === 'ok' ? { kind: 'ok', data: toShownCode(outcome.data, now()) } : outcome;
    },
    async close(input: { sessionId: string }): Promise<ApiOutcome<unknown>> {
      return outcomeOf(
        await api.post<VerificationSessionView, typeof page>(
          VerificationPaths.close(input.sessionId),
          {},
          page,
        ),
      );
    },
    /** One poll. A refusal or a transport failure rejects: the follower waits and polls again. */
    async fetchSession(input: { sessionId: string }): Promise<SessionUpdateEvent | null> {
      const outcome = outcomeOf(
        await api.get<VerificationSessionView, typeof page>(
          VerificationPaths.session(input.sessionId),
          undefined,
          page,
        ),
      );
      if (outcome.kind !== 'ok') throw new Error(`poll refused: ${outcome.code}`);
      return toSessionUpdate(outcome.data, now());
    },
  };
}

export type VerificationApi = ReturnType<typeof createVerificationApi>;
