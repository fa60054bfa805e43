// What changed in a re-submitted certification since the round before it (issue 21 §1), so that a
// reviewer reads only the changes. Each submit keeps its round's values; the server compares the
// latest round with the one before, field by field, documents by file.
//
// GET /plat/admin/certifications/:id/changes → CaseRoundChanges | null (a first submission, or an
// earlier round submitted before rounds were kept) | 404. Every back-office role that reads cases.
// The same for a card application at /plat/admin/card-applications/:id/changes (its paths as
// CardApplicationCaseView.steps lists them; docs/decisions/back-office.md "Card applications: flags, comments and a revision request").

/** GET paths under /plat by case kind. */
export const CASE_ROUND_CHANGES_PATHS = {
  certification: '/admin/certifications/:id/changes',
  cardApplication: '/admin/card-applications/:id/changes',
} as const;
export const CASE_ROUND_CHANGES_PATH = CASE_ROUND_CHANGES_PATHS.certification;

/** A submitted leaf, as CaseField.value. */
export type RoundValue = string | number | boolean | null;

/**
 * One field between two rounds: a value edited, a field that is new or gone (a beneficiary added
 * or removed), or a document replaced by another file.
 */
export interface CaseChange {
  /** "<stepId>.<path>", as CaseField.path. */
  path: string;
  kind: 'changed' | 'added' | 'removed' | 'replaced';
  /** The earlier round's value (null when added); for a document, its file id. */
  before: RoundValue;
  /** This round's value (null when removed). */
  after: RoundValue;
}

export interface CaseRoundChanges {
  /** When the earlier round was submitted (ISO 8601 UTC). */
  previousSubmittedAt: string;
  /** When this round was submitted. */
  submittedAt: string;
  /** In step order; empty when the applicant resubmitted without changing anything. */
  changes: CaseChange[];
}
