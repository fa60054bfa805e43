// The spec's numbers pinned by behaviour (issue 19 §2, spec §9, §5; docs/product-rules.md): every number is
// written here LITERALLY, never read from src/contract/limits.ts, and checked against what the
// shared zod schemas, validators and the functions that use the error-reporting figures do. A
// limit that drifts in limits.ts moves the code but not these tests, so one of them fails.
import { existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messageFor } from '../../../src/contract/codes';
import { languageHeaderFor, localeFromLanguageHeader, LOCALES } from '../../../src/contract/envelope';
import { normaliseErrorCode } from '../../../src/contract/errorCode';
import {
  beneficiariesSchema,
  seniorManagingOfficialSchema,
} from '../../../src/contract/schemas/beneficiaries';
import { dateRangeSchema } from '../../../src/contract/schemas/dateRange';
import { emailCodeField } from '../../../src/contract/schemas/emailCode';
import { areaCodeField, newPasswordField } from '../../../src/contract/schemas/fields';
import { registrationInfoSchema } from '../../../src/contract/schemas/registrationInfo';
import { checkInstantRange } from '../../../src/contract/validators/dateRange';
import { isValidMobile } from '../../../src/contract/validators/mobile';
import {
  clearSession,
  readSession,
  writeSession,
  type SessionUser,
} from '../../../src/web/session/sessionStore';
import { initSentry } from '../../../src/web/shell/sentryClient';
import { startErrorReporting } from '../../../src/web/shell/errorReporting';
import { validPerson, validRegistration } from './support/fixtures';
import { fieldMessages } from './support/issues';

// The Sentry SDK stands in for the network: these tests read the options the portal hands it.
const sentry = vi.hoisted(() => ({
  init: vi.fn(),
  captureMessage: vi.fn(),
  browserTracingIntegration: vi.fn((options: unknown) => ({ name: 'BrowserTracing', options })),
  addIntegration: vi.fn(),
  replayIntegration: vi.fn((options: unknown) => ({ name: 'Replay', options })),
}));
vi.mock('@sentry/react', () => sentry);

/** A password of `length` characters that meets every other rule (upper, lower, special). */
function passwordOf(length: number): string {
  const value = 'Aa#' + 'x'.repeat(length - 3);
  expect(value).toHaveLength(length);
  return value;
}

describe('§9 password length 8 to 20 (§5 password rule)', () => {
  it.each([8, 9, 19, 20])('accepts a password of %i characters', (length) => {
    expect(newPasswordField.safeParse(passwordOf(length)).success).toBe(true);
  });

  it.each([7, 21])('refuses a password of %i characters as "invalid password format"', (length) => {
    const result = newPasswordField.safeParse(passwordOf(length));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['password.format']);
  });

  it('the registration form applies it: 20 accepted, 21 refused', () => {
    const form = (password: string) => ({ ...validRegistration(), password, confirmPassword: password });
    expect(fieldMessages(registrationInfoSchema, form(passwordOf(20)))).toEqual({});
    expect(fieldMessages(registrationInfoSchema, form(passwordOf(21)))).toEqual({
      password: 'password.format',
    });
  });
});

describe('docs/product-rules.md email verification code: 6 digits', () => {
  it('accepts 6 digits, refuses 5 and 7', () => {
    expect(emailCodeField.safeParse('012345').success).toBe(true);
    expect(emailCodeField.safeParse('01234').success).toBe(false);
    expect(emailCodeField.safeParse('0123456').success).toBe(false);
  });
});

describe('§9 beneficiary threshold 25% (§5 "those with 25% or more shareholding")', () => {
  const owners = (...ratios: number[]) => ({
    hasBeneficiaries: true,
    beneficiaries: ratios.map((shareholdingRatio) => validPerson({ shareholdingRatio })),
  });

  it('25 is a beneficiary, 24.99 is not', () => {
    expect(fieldMessages(beneficiariesSchema, owners(25))).toEqual({});
    expect(fieldMessages(beneficiariesSchema, owners(24.99))).toEqual({
      'beneficiaries.0.shareholdingRatio': 'beneficiary.threshold',
    });
  });

  it('a senior managing official holds less than 25: 24.99 yes, 25 no', () => {
    expect(seniorManagingOfficialSchema.safeParse(validPerson({ shareholdingRatio: 24.99 })).success).toBe(
      true,
    );
    expect(seniorManagingOfficialSchema.safeParse(validPerson({ shareholdingRatio: 25 })).success).toBe(
      false,
    );
  });

  it('docs/product-rules.md: all shareholdings together at most 100', () => {
    expect(fieldMessages(beneficiariesSchema, owners(50, 50))).toEqual({});
    expect(fieldMessages(beneficiariesSchema, owners(50, 50.01))).toEqual({
      beneficiaries: 'beneficiary.total',
    });
  });
});

describe('§9 date range limit 1 year (§5 "date range is limited to one year")', () => {
  it('one calendar year, both ends counted, is accepted; a year and a day is refused', () => {
    expect(fieldMessages(dateRangeSchema, { start: '2025-03-01', end: '2026-02-28' })).toEqual({});
    expect(fieldMessages(dateRangeSchema, { start: '2025-03-01', end: '2026-03-01' })).toEqual({
      end: 'dateRange.tooLong',
    });
    // Not two years, not half a year.
    expect(fieldMessages(dateRangeSchema, { start: '2024-01-01', end: '2025-06-30' })).toEqual({
      end: 'dateRange.tooLong',
    });
  });

  it('the server applies the same year to instants', () => {
    const from = new Date('2025-03-01T00:00:00.000Z');
    expect(checkInstantRange(from, new Date('2026-02-28T23:59:59.999Z'))).toBe('ok');
    expect(checkInstantRange(from, new Date('2026-03-01T23:59:59.999Z'))).toBe('tooLong');
  });
});

describe('§9 area codes +86, +852, +65, +1, +44', () => {
  it('accepts exactly these five, in this order', () => {
    expect(areaCodeField.options).toEqual(['+86', '+852', '+65', '+1', '+44']);
    for (const code of ['+86', '+852', '+65', '+1', '+44'])
      expect(areaCodeField.safeParse(code).success).toBe(true);
  });

  it.each(['+81', '+33', '+49', '+853', '+886', '86', '+0', ''])('refuses %j', (code) => {
    expect(areaCodeField.safeParse(code).success).toBe(false);
    expect(isValidMobile(code, '13800138000')).toBe(false);
  });
});

describe('§9 language codes zh-cn, en-us', () => {
  it('the portal speaks exactly zh-cn and en-us, Chinese by default and for header 0', () => {
    expect(LOCALES).toEqual(['zh-cn', 'en-us']);
    expect(localeFromLanguageHeader(undefined)).toBe('zh-cn');
    expect(localeFromLanguageHeader('0')).toBe('zh-cn');
    expect(localeFromLanguageHeader('1')).toBe('en-us');
    expect(languageHeaderFor('zh-cn')).toBe('0');
    expect(languageHeaderFor('en-us')).toBe('1');
  });

  it('each has its messages: the server catalogue and the web catalog', () => {
    expect(messageFor('internal', 'zh-cn')).toMatch(/[\u4e00-\u9fff]/);
    expect(messageFor('internal', 'en-us')).toMatch(/^[\x20-\x7e]+$/);
    for (const locale of ['zh-cn', 'en-us'])
      expect(existsSync(`src/locales/${locale}/messages.po`)).toBe(true);
  });
});

describe('§9 session store key user (spec §3 session store)', () => {
  const storage = new Map<string, string>();
  beforeEach(() => {
    storage.clear();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('the signed-in user is written under sessionStorage "user", read from there, and removed on logout', () => {
    const user: SessionUser = {
      isLogin: true,
      token: 'tok-1',
      operatorId: null,
      userInfo: { email: 'mei@harbour.example' },
      enterpriseCertificationStatus: 0,
      enterpriseAuditStatus: null,
      companyCreditCode: null,
      companyName: null,
    };
    writeSession(user);
    expect([...storage.keys()]).toEqual(['user']);
    expect(JSON.parse(storage.get('user') as string)).toMatchObject({ token: 'tok-1', isLogin: true });
    storage.set('user', JSON.stringify({ ...user, token: 'tok-2' }));
    expect(readSession()?.token).toBe('tok-2');
    clearSession();
    expect(storage.has('user')).toBe(false);
  });
});

describe('§5 error-code identifiers: 8 characters, an uppercase letter and 7 digits → the 7 digits', () => {
  it('reduces 8 characters, not 7 or 9', () => {
    expect(normaliseErrorCode('E3010020')).toBe(3010020);
    expect(normaliseErrorCode('E0000200')).toBe(200);
    expect(normaliseErrorCode('E301002')).toBe('E301002');
    expect(normaliseErrorCode('E30100201')).toBe('E30100201');
    expect(normaliseErrorCode('e3010020')).toBe('e3010020');
  });
});

describe("§9 error reporting: release '2.0.0'; rates 1, 0.01, 0.1, 1; tracing 1 s, 30 s, 5 s", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  it('hands the SDK release and web version 2.0.0, the four sample rates and the tracing timeouts', () => {
    initSentry('https://key@errors.example/1', 'test');
    expect(sentry.init).toHaveBeenCalledTimes(1);
    expect(sentry.init.mock.calls[0]?.[0]).toMatchObject({
      release: '2.0.0',
      initialScope: { tags: { webVersion: '2.0.0' } },
      sampleRate: 1,
      tracesSampleRate: 0.01,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
    });
    // The spec's "heartbeat" is SDK 11's childSpanTimeout.
    expect(sentry.browserTracingIntegration).toHaveBeenCalledWith({
      idleTimeout: 1000,
      finalTimeout: 30_000,
      childSpanTimeout: 5000,
    });
  });

  it('session replay loads 2 s after start (not at 1.999 s), masking all text and blocking media', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    expect(await startErrorReporting({ dsn: 'https://key@errors.example/1', environment: 'test' })).toBe(
      true,
    );
    await vi.advanceTimersByTimeAsync(1999);
    expect(sentry.replayIntegration).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(sentry.addIntegration).toHaveBeenCalledTimes(1));
    expect(sentry.replayIntegration).toHaveBeenCalledWith({ maskAllText: true, blockAllMedia: true });
  });
});
