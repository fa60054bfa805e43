// The accounts API's paths (issue 4), apart from its zod schemas (accounts.ts re-exports them): the
// web client needs only the paths, and its first load does without zod (issue 10 §1 budget).
export const AccountPaths = {
  publicKey: '/ums/crypto/public-key', // GET → { keyId, publicKeyPem, algorithm: 'RSA-OAEP-256' }
  captcha: '/ums/captcha', // GET → CaptchaChallenge
  captchaVerify: '/ums/captcha/verify', // POST CaptchaVerifyRequest → { captchaToken } | captchaFailed
  registerSendCode: '/ums/register/send-code', // POST → { resendAfterMs, validMs } | emailRegisteredNotActivated | emailRegistered | codeResendTooSoon | captchaFailed
  register: '/ums/register', // POST → { email } | codeWrong | codeExpired | codeNotSent | codeTooManyTries
  activate: '/ums/activate', // POST { token } → activationSuccess | activationExpired | alreadyActivated | activationLinkInvalid
  activateResend: '/ums/activate/resend', // POST { email } → ok (always, so nothing is revealed)
  login: '/ums/login', // POST → LoginResult | invalidCredentials | accountLocked | captchaFailed | accountNotActivated | passwordCipherRejected
  logout: '/ums/logout', // POST → ok
  userInfo: '/ums/user/info', // GET → SessionUser
  forgot: '/ums/password/forgot', // POST → ok | emailNotFound | captchaFailed
  resetCheck: '/ums/password/reset/check', // POST { token } → ok | resetLinkExpired | resetLinkInvalid
  reset: '/ums/password/reset', // POST → ok | resetLinkExpired | resetLinkInvalid | passwordReused | passwordFormat
  changePassword: '/ums/password/change', // POST → ok | currentPasswordIncorrect | passwordReused | passwordFormat
  loginHistory: '/ums/user/login-history', // GET LoginHistoryQuery → Page<LoginHistoryItem>
  preferences: '/ums/user/preferences', // POST { language } → ok
} as const;
