// The card application API's paths (issue 7), apart from its zod schemas (card.ts re-exports them):
// pages that only call the API (the gateway) load without zod (issue 10, /gateway performance).
export const CardPaths = {
  /** GET → CardApplicationView (no stored application yet: lifecycleState 'notStarted'). Creates nothing. */
  application: '/card/application',
  /** GET → CardPurposesView: the business-purpose categories (spec §3) in their order. */
  purposes: '/card/purposes',
  /** GET → CardQuestionnaire | questionnaireFetchFailed (503) when it cannot be loaded. */
  questionnaire: '/card/questionnaire',
  /** POST SaveCardApplicationRequest → CardApplicationView (temporary save; also the re-application
   *  after a rejection) | certificationRequired / entityNotSupported (403) | transitionNotAllowed (409)
   *  | oneFileOnly (400) | validationFailed (400, CardFieldProblem[])
   *  | draftTooLarge (413: the saved fields would pass Limits.draft.maxBytes; nothing stored). */
  save: '/card/application/save',
  /** POST SubmitCardApplicationRequest → CardApplicationView (lifecycleState 'underReview')
   *  | certificationRequired / entityNotSupported (403) | transitionNotAllowed (409)
   *  | oneFileOnly (400) | questionnaireRequired (400, CardFieldProblem[])
   *  | validationFailed (400, CardFieldProblem[]) | questionnaireFetchFailed (503). */
  submit: '/card/application/submit',
} as const;
