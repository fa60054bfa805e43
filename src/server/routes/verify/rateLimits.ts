// Per-IP limits of the phone's public routes (no login there). The secrets are unguessable, so these
// are not what keeps a session safe; they stop one client from hammering the routes, above all the
// capture route, which streams up to 10 MB before it can look at the key. Generous enough for one
// phone retrying and polling.
const MINUTE = 60_000;

export const PhoneRateLimits = {
  scan: { max: 30, timeWindow: MINUTE, groupId: ':verifyScan' },
  read: { max: 120, timeWindow: MINUTE, groupId: ':verifyRead' },
  consent: { max: 30, timeWindow: MINUTE, groupId: ':verifyConsent' },
  cancel: { max: 30, timeWindow: MINUTE, groupId: ':verifyCancel' },
  capture: { max: 20, timeWindow: MINUTE, groupId: ':verifyCapture' },
} as const;
