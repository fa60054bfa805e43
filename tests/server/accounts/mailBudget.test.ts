// The mail budget per address (issue 29 §2/§3) as a rule on times, one layer alone: `max` mails
// within `windowMs`, then one more whenever the newest is `floorMs` old. Over HTTP it is driven by
// abuseLimits.test.ts; here its edges, and the promise the decision rests on: the newest mail an
// owner holds is still usable whenever the budget holds the next one back.
import { describe, expect, it } from 'vitest';
import { Limits } from '../../../src/contract/limits';
import { mailBudgetAllows, type TargetMailKind } from '../../../src/server/services/accounts/mailBudget';

const now = new Date('2026-11-28T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const KINDS = Object.keys(Limits.targetMail) as TargetMailKind[];

describe('mailBudgetAllows', () => {
  it.each(KINDS)('%s: up to max within the window, then only once the newest is floorMs old', (kind) => {
    const { max, windowMs, floorMs } = Limits.targetMail[kind];
    expect(mailBudgetAllows(kind, [], now)).toBe(true);
    // max - 1 recent mails: one more is allowed, however fresh they are.
    expect(mailBudgetAllows(kind, Array(max - 1).fill(now), now)).toBe(true);
    // max mails, the newest one millisecond short of the floor: held.
    const spent = [...Array(max - 1).fill(ago(floorMs)), ago(floorMs - 1)];
    expect(mailBudgetAllows(kind, spent, now)).toBe(false);
    // The newest exactly floorMs old: allowed.
    expect(mailBudgetAllows(kind, Array(max).fill(ago(floorMs)), now)).toBe(true);
    // Mails older than the window do not count: beside a fresh one, the budget has room again …
    expect(mailBudgetAllows(kind, [...Array(max - 1).fill(ago(windowMs)), now], now)).toBe(max > 1);
    // … while the same mails a millisecond younger fill it.
    expect(mailBudgetAllows(kind, [...Array(max - 1).fill(ago(windowMs - 1)), now], now)).toBe(false);
  });

  it('never holds a mail back for longer than the newest code or link stays usable', () => {
    expect(Limits.targetMail.registrationCode.floorMs).toBeLessThanOrEqual(Limits.emailCode.validMs);
    expect(Limits.targetMail.resetPassword.floorMs).toBeLessThanOrEqual(Limits.resetLink.validMs);
    expect(Limits.targetMail.activation.floorMs).toBeLessThanOrEqual(Limits.activationLink.validMs);
  });
});
