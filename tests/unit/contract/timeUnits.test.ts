// The units of time and the spans the pages state in words (limits.ts `Time`, `inMinutes`,
// `inHours`). Numbers written literally (as in specNumbers.test.ts): spec §9 "Email code valid 3
// minutes; activation link 24 hours", docs/product-rules.md "Reset-password link: valid 30 minutes".
import { describe, expect, it } from 'vitest';
import { inHours, inMinutes, Limits, Time } from '../../../src/contract/limits';

describe('units of time', () => {
  it('are milliseconds: a second is 1 000, a minute 60 seconds, an hour 60 minutes, a day 24 hours', () => {
    expect(Time).toEqual({ SECOND: 1_000, MINUTE: 60_000, HOUR: 3_600_000, DAY: 86_400_000 });
  });

  it('the pages state the email code in minutes (3), the activation link in hours (24), the reset link in minutes (30)', () => {
    expect(inMinutes(Limits.emailCode.validMs)).toBe(3);
    expect(inHours(Limits.activationLink.validMs)).toBe(24);
    expect(inMinutes(Limits.resetLink.validMs)).toBe(30);
    expect(inMinutes(90_000)).toBe(1.5);
    expect(inHours(5_400_000)).toBe(1.5);
  });
});
