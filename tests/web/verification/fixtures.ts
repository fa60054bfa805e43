// Server answers of the QR verification contract, for the jsdom tests' real local HTTP server.
import type { ServerResponse } from 'node:http';
import type {
  PhoneScanResult,
  VerificationSessionCreated,
  VerificationSessionState,
  VerificationStreamEvent,
} from '../../../src/contract/api/verification';

export const SESSION_ID = '0b6f7f0e-8a47-4b7c-9d1e-3f2a1c5d7e90';
export const TOKEN = 'A'.repeat(43);
export const PHONE_KEY = 'B'.repeat(43);

const T0 = Date.parse('2026-03-01T08:00:00.000Z');
const iso = (ms: number) => new Date(T0 + ms).toISOString();

export function createdSession(sessionId = SESSION_ID): VerificationSessionCreated {
  return {
    sessionId,
    purpose: 'authorizer',
    subjectName: 'Mei Chen',
    state: 'created',
    version: 1,
    createdAt: iso(0),
    regenerateAllowedAt: iso(120_000),
    scannedAt: null,
    expiresAt: null,
    consentAt: null,
    desktopMayClose: true,
    rescanRequired: false,
    replacedBy: null,
    outcomeReason: null,
    attemptsLeft: 3,
    serverTime: iso(0),
    link: `http://127.0.0.1/identityVerification?session=${TOKEN}`,
  };
}

export function streamEvent(state: VerificationSessionState, version: number): VerificationStreamEvent {
  const { serverTime: _serverTime, link: _link, ...view } = createdSession();
  const scanned = state !== 'created';
  return {
    ...view,
    state,
    version,
    scannedAt: scanned ? iso(1000) : null,
    expiresAt: scanned ? iso(601_000) : null,
    desktopMayClose: state !== 'verifying',
    rescanRequired: state === 'cancelled' || state === 'expired',
    at: iso(1000),
  };
}

export function sseMessage(res: ServerResponse, event: VerificationStreamEvent): void {
  res.write(`id: ${event.version}\nevent: state\ndata: ${JSON.stringify(event)}\n\n`);
}

export function phoneView(state: VerificationSessionState, consentAt: string | null = null): PhoneScanResult {
  return {
    state,
    companyName: 'Harbour Trading Ltd',
    subjectName: 'Mei Chen',
    purpose: 'authorizer',
    scannedAt: iso(0),
    expiresAt: iso(600_000),
    consentAt,
    outcomeReason: null,
    attemptsLeft: 3,
    challenge: null,
    serverTime: iso(0),
    phoneKey: PHONE_KEY,
  };
}
