// The status vocabularies the API speaks, once (issue 19 §6): the stored numbers and lifecycle state
// names of enterprise certification (`enterpriseCertificationStatus`, `enterpriseAuditStatus`;
// docs/product-rules.md "Status codes") and the stored statuses of the card application. They live in the
// contract, not beside the charts, so the contract imports nothing from machines/ (layers: contract ←
// machines ← web/server); the charts and machines/certificationStatusCodes.ts import them from here.

export type CertificationStatusNumber = -1 | 0 | 1 | 2;
export type AuditStatusNumber = 0 | 1 | 2 | 3;

/** The stored certification numbers by name (docs/product-rules.md "Status codes"). `missing`: a session
 *  that carries none counts as -1 (spec §4). */
export const CertificationStatus = { missing: -1, open: 0, submitted: 1, completed: 2 } as const;
/** The stored audit numbers by name; `none` before anything was submitted. */
export const AuditStatus = { none: 0, underReview: 1, approved: 2, rejected: 3 } as const;

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
  'notCertified.noDraft': { status: CertificationStatus.open, audit: AuditStatus.none },
  'notCertified.draft': { status: CertificationStatus.open, audit: AuditStatus.none },
  underReview: { status: CertificationStatus.submitted, audit: AuditStatus.underReview },
  rejected: { status: CertificationStatus.submitted, audit: AuditStatus.rejected },
  approved: { status: CertificationStatus.completed, audit: AuditStatus.approved },
} as const satisfies Record<string, CertificationStatusCodes>;

/** A state of the certification lifecycle as the API names it (`lifecycleState`). */
export type CertificationStatePath = keyof typeof certificationCodesByState;

export const certificationStatePaths = Object.keys(certificationCodesByState) as CertificationStatePath[];

/**
 * What a session's pair of numbers means to the applicant's pages (gateway card and to-dos, access
 * to the wizard, user centre, watermark): `open` — status 0, never started or a draft; `rejected` —
 * submitted with audit 3 (re-application); `underReview` — submitted with any other audit;
 * `approved` — status 2; `unknown` — anything else, a missing status (-1) included. The pages read
 * these names, never the numbers (issue 19 §3). Lenient on purpose: the server, which stores the
 * numbers, checks each pair strictly (machines/certificationStatusCodes.ts).
 */
export type CertificationStanding = 'open' | 'underReview' | 'rejected' | 'approved' | 'unknown';

export function certificationStandingOf(status: number, audit: number | null): CertificationStanding {
  if (status === CertificationStatus.open) return 'open';
  if (status === CertificationStatus.submitted)
    return audit === AuditStatus.rejected ? 'rejected' : 'underReview';
  if (status === CertificationStatus.completed) return 'approved';
  return 'unknown';
}

/** The status stored per state of machines/cardApplicationLifecycle.machine.ts (its `meta.status`).
 *  'revision_requested': the reviewer named fields to fix (docs/decisions/back-office.md "Card applications: flags, comments and a revision request"). */
export type CardApplicationStatus =
  'not_started' | 'saved' | 'under_review' | 'revision_requested' | 'rejected' | 'approved';
