// Per-IP limits of the account routes (counted in PostgreSQL by plugins/rateLimit.ts). Generous
// enough for an office behind one address, tight enough to make guessing and mail bombing slow.
// LEAD: move to limits.ts (Limits.rateLimit) so the numbers live with the others.
// Each limit names its own `groupId`: the PostgreSQL store's child() reads `routeOptions.url`, but
// @fastify/rate-limit passes the route under `routeInfo`, so without a group every limited route
// would share one counter per IP (reported to the lead with the fix for plugins/rateLimit.ts).
const MINUTE = 60_000;

export const AccountRateLimits = {
  captcha: { max: 60, timeWindow: MINUTE, groupId: ':captcha' },
  captchaVerify: { max: 60, timeWindow: MINUTE, groupId: ':captchaVerify' },
  sendCode: { max: 5, timeWindow: 10 * MINUTE, groupId: ':sendCode' },
  register: { max: 20, timeWindow: MINUTE, groupId: ':register' },
  activate: { max: 30, timeWindow: MINUTE, groupId: ':activate' },
  activateResend: { max: 5, timeWindow: 10 * MINUTE, groupId: ':activateResend' },
  login: { max: 20, timeWindow: MINUTE, groupId: ':login' },
  forgot: { max: 5, timeWindow: 10 * MINUTE, groupId: ':forgot' },
  resetCheck: { max: 30, timeWindow: MINUTE, groupId: ':resetCheck' },
  reset: { max: 10, timeWindow: MINUTE, groupId: ':reset' },
  changePassword: { max: 10, timeWindow: MINUTE, groupId: ':changePassword' },
  supportMessage: { max: 3, timeWindow: 10 * MINUTE, groupId: ':supportMessage' },
} as const;
