// The status vocabularies the API speaks, once (issue 19 §6): the stored numbers and lifecycle state
// names of enterprise certification (`enterpriseCertificationStatus`, `enterpriseAuditStatus`;
// DECISIONS.md "Status codes") and the stored statuses of the card application. They live in the
// contract, not beside the charts, so the contract imports nothing from machines/ (layers: contract ←
// machines ← web/server); the charts and machines/certificationStatusCodes.ts import them from here.

export type CertificationStatusNumber = -1 | 0 | 1 | 2;
export type AuditStatusNumber = 0 | 1 | 2 | 3;

export interface CertificationStatusCodes {
  status: CertificationStatusNumber;
  audit: AuditStatusNumber;
}

/**
 * The numbers stored for each state of machines/certificationLifecycle.machine.ts, keyed by the
 * state's dotted path. A test (tests/machines/certificationLifecycle.test.ts) proves every state of
 * the chart has a pair and every pair a state.
 */
export const certificationCodesByState = {
  'notCertified.noDraft': { status: 0, audit: 0 },
  'notCertified.draft': { status: 0, audit: 0 },
  underReview: { status: 1, audit: 1 },
  rejected: { status: 1, audit: 3 },
  approved: { status: 2, audit: 2 },
} as const satisfies Record<string, CertificationStatusCodes>;

/** A state of the certification lifecycle as the API names it (`lifecycleState`). */
export type CertificationStatePath = keyof typeof certificationCodesByState;

export const certificationStatePaths = Object.keys(certificationCodesByState) as CertificationStatePath[];

/** The status stored per state of machines/cardApplicationLifecycle.machine.ts (its `meta.status`). */
export type CardApplicationStatus = 'not_started' | 'saved' | 'under_review' | 'rejected' | 'approved';
