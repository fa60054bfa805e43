// Issue 29 §1: every slider puzzle carries a proof of work, checked with the answer. Over HTTP: a
// right answer without the puzzle's work earns nothing, nor with another puzzle's work or another
// client's, nor twice; the keyboard path pays the same; the work asked for rises with the pressure
// one address makes while a fresh address still gets the default; and a call on an email under
// pressure goes through but leaves its caller's next puzzles at that email's level.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../../src/contract/codes';
import { rateLimitCounters } from '../../../src/server/db/schema/index';
import { WorkCurve } from '../../../src/server/security/captcha/workCurve';
import { emailDiscoveryKey } from '../../../src/server/services/accounts/discoveryLimits';
import { Limits } from '../../../src/contract/limits';
import {
  Caller,
  createAccount,
  gapOf,
  humanTrail,
  keyboardAnswer,
  newChallenge,
} from '../accounts/support/accountsClient';
import { solveWork } from '../../support/sliderWork';
import { createTestApp, type TestApp } from '../../support/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function answer(caller: Caller, challengeId: string, work: string, keyboard = false) {
  const { gapX } = await gapOf(t, challengeId);
  const body = keyboard
    ? { challengeId, ...keyboardAnswer(gapX), work }
    : { challengeId, x: gapX + 1, trail: humanTrail(gapX + 1), work };
  return caller.post('/ums/captcha/verify', body);
}

describe('the puzzle proof of work', () => {
  it('a right answer with no work, or with a key that is not the work’s, is refused', async () => {
    const caller = new Caller(t);
    const { challengeId } = await newChallenge(caller);
    const { gapX } = await gapOf(t, challengeId);
    const none = await caller.post('/ums/captcha/verify', { challengeId, x: gapX, trail: humanTrail(gapX) });
    expect(none.status).toBe(400);
    const forged = await answer(caller, challengeId, '0'.repeat(64));
    expect(forged.code).toBe(Codes.captchaFailed.code);
  });

  it('work done for another puzzle, or by another client, or used twice is refused', async () => {
    const caller = new Caller(t);
    const first = await newChallenge(caller);
    const second = await newChallenge(caller);
    const firstKey = await solveWork(first.work);
    expect((await answer(caller, second.challengeId, firstKey)).code).toBe(Codes.captchaFailed.code);

    const elsewhere = new Caller(t);
    const theirs = await newChallenge(elsewhere);
    const theirKey = await solveWork(theirs.work);
    // Only this caller's puzzle: the same key from another address does not count.
    const stranger = new Caller(t);
    const stolen = await stranger.post('/ums/captcha/verify', {
      challengeId: theirs.challengeId,
      x: (await gapOf(t, theirs.challengeId)).gapX,
      trail: humanTrail((await gapOf(t, theirs.challengeId)).gapX),
      work: theirKey,
    });
    expect(stolen.code).toBe(Codes.captchaFailed.code);

    expect((await answer(caller, first.challengeId, firstKey)).code).toBe(Codes.ok.code);
    expect((await answer(caller, first.challengeId, firstKey)).code).toBe(Codes.captchaFailed.code);
  });

  it('the keyboard path needs the same work', async () => {
    const caller = new Caller(t);
    const without = await newChallenge(caller);
    expect((await answer(caller, without.challengeId, 'f'.repeat(64), true)).code).toBe(
      Codes.captchaFailed.code,
    );
    const withWork = await newChallenge(caller);
    expect((await answer(caller, withWork.challengeId, await solveWork(withWork.work), true)).code).toBe(
      Codes.ok.code,
    );
  });

  it('the work rises with one address’s puzzles while a fresh address still gets the default', async () => {
    const busy = new Caller(t);
    // Past `free` puzzles every doubling is a level: the 18th in the window is at level 3.
    for (let i = 0; i < WorkCurve.address.free * 4 + 1; i++) await newChallenge(busy);
    // The token names the level its work was priced at (and its hash covers that name).
    const { challengeId, work } = await newChallenge(busy);
    const token = await answer(busy, challengeId, await solveWork(work));
    expect(token.data.captchaToken).toMatch(/\.3$/);

    const fresh = new Caller(t);
    const first = await newChallenge(fresh);
    const freshToken = await answer(fresh, first.challengeId, await solveWork(first.work));
    expect(freshToken.data.captchaToken).toMatch(/\.0$/);
  });

  it('spending a token on an email under pressure is never refused for it, but the next puzzles cost that email’s level', async () => {
    const account = await createAccount(t, { status: 'active' });
    // An attacker's calls on that email, as services/accounts/pressure.ts counts them.
    await t.app.db
      .insert(rateLimitCounters)
      .values({
        key: emailDiscoveryKey(account.email),
        count: Limits.discovery.perEmail.calm * 2,
        resetAt: new Date(t.clock.now().getTime() + Limits.discovery.perEmail.windowMs),
      })
      .onConflictDoNothing();
    const caller = new Caller(t);
    const forgot = async () => {
      const { challengeId, work } = await newChallenge(caller);
      const earned = await answer(caller, challengeId, await solveWork(work));
      const asked = await caller.post('/ums/password/forgot', {
        email: account.email,
        captchaToken: earned.data.captchaToken,
      });
      return { token: earned.data.captchaToken as string, code: asked.code };
    };
    const first = await forgot();
    expect(first).toMatchObject({ code: Codes.ok.code, token: expect.stringMatching(/\.0$/) });
    // Twice the calm count: one level from 1, one more for the doubling.
    const second = await forgot();
    expect(second).toMatchObject({ code: Codes.ok.code, token: expect.stringMatching(/\.2$/) });
  });
});
