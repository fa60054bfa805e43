// The accounts API (issue 4) for the web app: one function per call of src/contract/api/accounts.ts.
// Calls whose refusals the pages explain themselves use isPageHandle and come back as an ApiOutcome
// (ok with data, or refused with the code's name); a transport failure or a timeout rejects with the
// client's TransportFailureError (a cancellation with RequestCancelledError), so the flow's chart
// takes its onError branch and shows the network message. Passwords are encrypted here, just
// before they leave.
import type { ApiOutcome } from '../../../machines/accountOutcome';
import type { VerifyInput, VerifyOutcome } from '../../../machines/captcha.machine';
import type { RegisterInput, SendCodeResult } from '../../../machines/registration.machine';
import type {
  CaptchaChallenge,
  LoginHistoryItem,
  LoginResult,
  SessionUser,
} from '../../contract/api/accounts';
import { AccountPaths } from '../../contract/api/accountPaths';
import type { ColumnSetting } from '../../contract/api/columnSettings';
import { Codes, SUCCESS_CODE, type CodeName } from '../../contract/codes';
import type { Envelope, Locale, Page } from '../../contract/envelope';
import { normaliseErrorCode } from '../../contract/errorCode';
import type { PasswordEncryptor } from '../crypto/passwordCipher';
import type { ApiClient } from './client';

const nameByCode = new Map<number, CodeName>();
for (const [name, entry] of Object.entries(Codes) as Array<[CodeName, { code: number }]>) {
  if (!nameByCode.has(entry.code)) nameByCode.set(entry.code, name);
}

/** The code's name; a code this build does not know reads as the generic "contact the administrator". */
export function codeNameOf(code: number | string): CodeName {
  const normalised = normaliseErrorCode(code);
  return (typeof normalised === 'number' ? nameByCode.get(normalised) : undefined) ?? 'generic';
}

export function outcomeOf<T>(answer: Envelope<T>): ApiOutcome<T> {
  const code = normaliseErrorCode(answer.code);
  if (code === SUCCESS_CODE) return { kind: 'ok', data: answer.data };
  return { kind: 'refused', code: codeNameOf(answer.code) };
}

export const COLUMN_SETTINGS_PATHS = {
  list: '/ums/user/menu/fields/list',
  save: '/ums/user/menu/fields/save',
} as const;

export function createAccountsApi(api: ApiClient, encrypt: PasswordEncryptor, now: () => number = Date.now) {
  const page = { isPageHandle: true } as const;
  async function call<T>(path: string, body: unknown): Promise<ApiOutcome<T>> {
    return outcomeOf(await api.post<T, typeof page>(path, body, page));
  }

  return {
    async loadPuzzle(): Promise<CaptchaChallenge> {
      const challenge = await api.get<CaptchaChallenge>(AccountPaths.captcha);
      if (!challenge) throw new Error('captcha unavailable');
      return challenge;
    },
    /** `work`: the key the puzzle's proof of work found (captcha/puzzleWork.ts). */
    async verifyPuzzle(input: VerifyInput & { work: string }): Promise<VerifyOutcome> {
      const outcome = await call<{ captchaToken: string }>(AccountPaths.captchaVerify, input);
      return outcome.kind === 'ok'
        ? { kind: 'solved', captchaToken: outcome.data.captchaToken }
        : { kind: 'failed' };
    },
    async login(input: {
      email: string;
      password: string;
      captchaToken: string;
    }): Promise<ApiOutcome<LoginResult>> {
      const passwordCipher = await encrypt(input.password);
      return call<LoginResult>(AccountPaths.login, {
        email: input.email,
        passwordCipher,
        captchaToken: input.captchaToken,
      });
    },
    async sendRegistrationCode(input: {
      email: string;
      captchaToken: string | null;
      locale: Locale;
    }): Promise<ApiOutcome<SendCodeResult>> {
      const outcome = await call<unknown>(AccountPaths.registerSendCode, {
        email: input.email,
        ...(input.captchaToken ? { captchaToken: input.captchaToken } : {}),
        locale: input.locale,
      });
      return outcome.kind === 'ok' ? { kind: 'ok', data: { sentAt: now() } } : outcome;
    },
    async register({ info, emailCode }: RegisterInput): Promise<ApiOutcome<unknown>> {
      const { password, ...rest } = info;
      const passwordCipher = await encrypt(password);
      return call(AccountPaths.register, {
        ...rest,
        phoneAreaCode: rest.phone ? rest.phoneAreaCode : null,
        phone: rest.phone || null,
        invitationCode: rest.invitationCode || null,
        passwordCipher,
        emailCode,
      });
    },
    activate: (token: string) => call(AccountPaths.activate, { token }),
    /** A refusal (rate limit) carries the server's wait, placed on this clock for the page to show. */
    async resendActivation(email: string): Promise<ApiOutcome<unknown>> {
      const answer = await api.post<unknown, typeof page>(AccountPaths.activateResend, { email }, page);
      const outcome = outcomeOf(answer);
      const wait = (answer.data as { retryAfterMs?: unknown } | null)?.retryAfterMs;
      if (outcome.kind === 'ok' || typeof wait !== 'number' || !(wait >= 0)) return outcome;
      return { ...outcome, retry: { afterMs: wait, at: now() + wait } };
    },
    forgot: (input: { email: string; captchaToken: string; locale: Locale }) =>
      call(AccountPaths.forgot, input),
    checkResetLink: (token: string) => call(AccountPaths.resetCheck, { token }),
    async resetPassword(input: { token: string; newPassword: string }): Promise<ApiOutcome<unknown>> {
      return call(AccountPaths.reset, {
        token: input.token,
        passwordCipher: await encrypt(input.newPassword),
      });
    },
    async changePassword(input: {
      currentPassword: string;
      newPassword: string;
    }): Promise<ApiOutcome<unknown>> {
      const [currentPasswordCipher, newPasswordCipher] = [
        await encrypt(input.currentPassword),
        await encrypt(input.newPassword),
      ];
      return call(AccountPaths.changePassword, { currentPasswordCipher, newPasswordCipher });
    },
    /** Revokes the session's token on the server; the caller clears the browser's store either way. */
    logout: () => api.post<unknown>(AccountPaths.logout, {}),
    userInfo: () => api.get<SessionUser>(AccountPaths.userInfo),
    loginHistory: (query: { from?: string; to?: string; page: number; pageSize: number }) =>
      api.get<Page<LoginHistoryItem>>(AccountPaths.loginHistory, query),
    savePreferences: (language: Locale) => api.post<unknown>(AccountPaths.preferences, { language }),
    async columnSettings(menuKey: string): Promise<ColumnSetting[] | null> {
      const answer = await api.post<{ fields: ColumnSetting[] | null }>(COLUMN_SETTINGS_PATHS.list, {
        menuKey,
      });
      return answer ? answer.fields : null;
    },
    saveColumnSettings: (menuKey: string, fields: ColumnSetting[]) =>
      api.post<unknown>(COLUMN_SETTINGS_PATHS.save, { menuKey, fields }),
  };
}

export type AccountsApi = ReturnType<typeof createAccountsApi>;
