// The certification API's paths (issue 5), apart from its zod schemas (certification.ts re-exports
// them): pages that only call the API (the gateway) load without zod (issue 10, /gateway performance).
export const CertificationPaths = {
  /** GET → CertificationView. Creates nothing. */
  application: '/kyb/application',
  /** POST ConfirmLocationRequest → CertificationView | locationLocked (409) | certificationEntryDenied (409). */
  location: '/kyb/location',
  /** POST SaveDraftRequest → SaveDraftResult | 409 DraftConflictData | certificationEntryDenied (409) | transitionNotAllowed (409)
   *  | draftTooLarge (413, DraftTooLargeData: the whole draft would pass Limits.draft; nothing stored). */
  draft: '/kyb/draft',
  /** POST SubmitRequest → SubmitResult (code 200; the page shows its success dialog) | 400 validationFailed SubmitProblems | 409 … */
  submit: '/kyb/submit',
  /** GET → application/pdf, Content-Disposition: attachment. */
  authorizationLetterTemplate: '/kyb/authorization-letter-template',
} as const;
