// Issue 20 §8: the numbers in the messages of codes.ts come from limits.ts. Changing a limit (here
// by loading codes.ts against an altered limits module) changes every message that states it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as limits from '../../../src/contract/limits';

const LIMITS_MODULE = '../../../src/contract/limits';

async function codesWith(change: (l: typeof limits.Limits) => Record<string, unknown>) {
  vi.resetModules();
  vi.doMock(LIMITS_MODULE, async (importOriginal) => {
    const original = await importOriginal<typeof limits>();
    return { ...original, Limits: { ...original.Limits, ...change(original.Limits) } };
  });
  return (await import('../../../src/contract/codes')).Codes;
}

afterEach(() => {
  vi.doUnmock(LIMITS_MODULE);
  vi.resetModules();
});

describe('message numbers follow limits.ts', () => {
  it('today: the spec wording, numbers included', async () => {
    const { Codes } = await import('../../../src/contract/codes');
    expect(Codes.accountLocked['zh-cn']).toContain('请30分钟后再试');
    expect(Codes.accountLocked['en-us']).toContain('try again in 30 minutes');
    expect(Codes.emailRegisteredNotActivated['en-us']).toContain('valid for 24 hours');
    expect(Codes.regenerateTooSoon['zh-cn']).toBe('请在120秒后重新生成二维码');
    expect(Codes.fileTooLarge['en-us']).toBe('The file may not be larger than 10 MB');
    expect(Codes.passwordReused['zh-cn']).toContain('最近三次');
    expect(Codes.dateRangeTooLong['zh-cn']).toBe('日期范围限制为一年');
    expect(Codes.dateRangeTooLong['en-us']).toBe('Date range limited to one year');
  });

  it('the lockout minutes', async () => {
    const Codes = await codesWith((l) => ({ login: { ...l.login, lockoutMs: 45 * limits.Time.MINUTE } }));
    expect(Codes.accountLocked['zh-cn']).toBe('多次登录失败，账号已锁定，请45分钟后再试');
    expect(Codes.accountLocked['en-us']).toContain('please try again in 45 minutes');
  });

  it('the activation link hours', async () => {
    const Codes = await codesWith(() => ({ activationLink: { validMs: 48 * limits.Time.HOUR } }));
    expect(Codes.emailRegisteredNotActivated['zh-cn']).toContain('48小时内有效');
    expect(Codes.emailRegisteredNotActivated['en-us']).toContain('valid for 48 hours');
  });

  it('the QR regenerate seconds', async () => {
    const Codes = await codesWith((l) => ({ qr: { ...l.qr, regenerateAfterMs: 90 * limits.Time.SECOND } }));
    expect(Codes.regenerateTooSoon['zh-cn']).toBe('请在90秒后重新生成二维码');
    expect(Codes.regenerateTooSoon['en-us']).toBe('A new QR code can be generated after 90 seconds');
  });

  it('the upload size', async () => {
    const Codes = await codesWith((l) => ({ upload: { ...l.upload, maxBytes: 5 * limits.MB } }));
    expect(Codes.fileTooLarge['zh-cn']).toBe('文件大小不能超过5MB');
    expect(Codes.fileTooLarge['en-us']).toBe('The file may not be larger than 5 MB');
  });

  it('the password history depth', async () => {
    const Codes = await codesWith((l) => ({ password: { ...l.password, historyDepth: 5 } }));
    expect(Codes.passwordReused['zh-cn']).toContain('最近五次');
    expect(Codes.passwordReused['en-us']).toContain('any of the last five');
  });

  // docs/decisions/applicant-web.md "Numbers in messages": small counts in words (一年 / one year), larger ones in digits.
  it.each([
    [0, '零', 'zero years'],
    [1, '一', 'one year'],
    [2, '两', 'two years'],
    [3, '三', 'three years'],
    [4, '四', 'four years'],
    [5, '五', 'five years'],
    [6, '六', 'six years'],
    [7, '七', 'seven years'],
    [8, '八', 'eight years'],
    [9, '九', 'nine years'],
    [10, '十', 'ten years'],
    [11, '11', '11 years'],
  ])('a count of %i reads %s / %s', async (maxYears, zh, en) => {
    const Codes = await codesWith(() => ({ dateRange: { maxYears } }));
    expect(Codes.dateRangeTooLong['zh-cn']).toBe(`日期范围限制为${zh}年`);
    expect(Codes.dateRangeTooLong['en-us']).toBe(`Date range limited to ${en}`);
  });

  it('the date range years', async () => {
    const Codes = await codesWith(() => ({ dateRange: { maxYears: 2 } }));
    expect(Codes.dateRangeTooLong['zh-cn']).toBe('日期范围限制为两年');
    expect(Codes.dateRangeTooLong['en-us']).toBe('Date range limited to two years');
  });
});
