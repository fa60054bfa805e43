// What the account flows read from an API outcome (machines/accountOutcome.ts): a refusal's code is
// the message the page shows (spec §8); a success has no message and matches no refusal.
import { describe, expect, it } from 'vitest';
import { isOk, messageOf, outputOf, refusedWith, type ApiOutcome } from '../../machines/accountOutcome';

const ok: ApiOutcome<{ sentAt: number }> = { kind: 'ok', data: { sentAt: 1 } };
const locked: ApiOutcome<unknown> = { kind: 'refused', code: 'accountLocked' };

describe('account outcomes', () => {
  it('a success is ok and has no message', () => {
    expect(isOk(ok)).toBe(true);
    expect(messageOf(ok)).toBeNull();
    expect(refusedWith(ok, 'accountLocked')).toBe(false);
  });

  it("a refusal's message is its code", () => {
    expect(isOk(locked)).toBe(false);
    expect(messageOf(locked)).toBe('accountLocked');
    expect(messageOf({ kind: 'refused', code: 'codeWrong', retry: { afterMs: 1, at: 2 } })).toBe('codeWrong');
  });

  it('a refusal matches only the codes named', () => {
    expect(refusedWith(locked, 'accountLocked')).toBe(true);
    expect(refusedWith(locked, 'captchaFailed', 'accountLocked')).toBe(true);
    expect(refusedWith(locked, 'captchaFailed')).toBe(false);
    expect(refusedWith(locked)).toBe(false);
  });

  it('the outcome of an answer is its output', () => {
    expect(outputOf({ type: 'xstate.done.actor.signIn', output: locked })).toBe(locked);
  });
});
