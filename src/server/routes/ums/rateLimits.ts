// Per-IP limits of the account routes (counted in PostgreSQL by plugins/rateLimit.ts). Generous
// enough for an office behind one address, tight enough to make guessing and mail bombing slow.
// LEAD: move to limits.ts (Limits.rateLimit) so the numbers live with the others.
const MINUTE = 60_000;

export const AccountRateLimits = {
  captcha: { max: 60, timeWindow: MINUTE },
  captchaVerify: { max: 60, timeWindow: MINUTE },
  sendCode: { max: 5, timeWindow: 10 * MINUTE },
  register: { max: 20, timeWindow: MINUTE },
  activate: { max: 30, timeWindow: MINUTE },
  activateResend: { max: 5, timeWindow: 10 * MINUTE },
  login: { max: 20, timeWindow: MINUTE },
  forgot: { max: 5, timeWindow: 10 * MINUTE },
  resetCheck: { max: 30, timeWindow: MINUTE },
  reset: { max: 10, timeWindow: MINUTE },
  changePassword: { max: 10, timeWindow: MINUTE },
  supportMessage: { max: 3, timeWindow: 10 * MINUTE },
} as const;
