// What the desktop, the phone and the event stream are told about a session row. Never a hash,
// never the capture's location.
import { FaceCaptureRules, readFaceChallenge } from '../../../contract/api/verification';
import type {
  PhoneVerificationView,
  VerificationPurpose,
  VerificationSessionState,
  VerificationSessionView,
  VerificationStreamEvent,
} from '../../../contract/api/verification';
import type { VerificationSessionRow } from '../../db/schema/verification';
import { chartStateAt, expiresAt, hasTag, isFinal, regenerateAllowedAt, statusOf } from './sessionLifecycle';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Face checks the phone may still make with this scan (none once it is over). */
export function attemptsLeft(row: Pick<VerificationSessionRow, 'attempts' | 'state'>): number {
  if (row.state === 'failedFinal') return 0;
  return Math.max(FaceCaptureRules.attemptsPerScan - row.attempts, 0);
}

/** `row` as of `now` (its stored state must already include any expiry that is due). */
export function streamEvent(row: VerificationSessionRow, now: Date): VerificationStreamEvent {
  const value = chartStateAt(row, now);
  const state = statusOf(value);
  return {
    sessionId: row.id,
    purpose: row.purpose as VerificationPurpose,
    subjectName: row.subjectName,
    state,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    regenerateAllowedAt: regenerateAllowedAt(row).toISOString(),
    scannedAt: iso(row.scannedAt),
    expiresAt: iso(expiresAt(row)),
    consentAt: iso(row.consentAt),
    // The final states carry no tags; nothing holds the dialog open once the outcome is known.
    desktopMayClose: isFinal(value) || hasTag(value, 'desktopMayClose'),
    rescanRequired: state === 'cancelled' || state === 'expired' || state === 'failedFinal',
    replacedBy: row.supersededBy,
    outcomeReason: row.outcomeReason,
    attemptsLeft: attemptsLeft(row),
    at: row.updatedAt.toISOString(),
  };
}

export function sessionView(row: VerificationSessionRow, now: Date): VerificationSessionView {
  const { at: _at, ...view } = streamEvent(row, now);
  return { ...view, serverTime: now.toISOString() };
}

/** The states in which the phone's next (or current) capture has a challenge to show. */
const CAPTURE_MAY_FOLLOW: readonly VerificationSessionState[] = ['scanned', 'verifying', 'failed'];

export function phoneView(
  row: VerificationSessionRow,
  companyName: string,
  now: Date,
): PhoneVerificationView {
  const view = streamEvent(row, now);
  return {
    state: view.state,
    companyName,
    subjectName: row.subjectName,
    purpose: view.purpose,
    // A phone holds a key only after the scan, so both are set.
    scannedAt: view.scannedAt ?? '',
    expiresAt: view.expiresAt ?? '',
    consentAt: view.consentAt,
    outcomeReason: row.outcomeReason,
    attemptsLeft: attemptsLeft(row),
    challenge: CAPTURE_MAY_FOLLOW.includes(view.state) ? readFaceChallenge(row.challenge) : null,
    serverTime: now.toISOString(),
  };
}
