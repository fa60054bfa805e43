// The slider captcha over HTTP: the puzzle never reveals the gap, one answer per puzzle, a token is
// spent by exactly one request, and tokens expire.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../../src/contract/codes';
import { Limits } from '../../../src/contract/limits';
import { createTestApp, type TestApp } from '../../support/testApp';
import {
  BROWSER_USER_AGENT,
  Caller,
  createAccount,
  gapOf,
  humanTrail,
  keyboardAnswer,
  newChallengeWithWork,
  seal,
  solveCaptcha,
} from './support/accountsClient';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('slider captcha', () => {
  it('serves lossy images (JPEG background, WebP piece) and the piece height, never the gap position', async () => {
    const caller = new Caller(t);
    const res = await caller.get('/ums/captcha');
    expect(res.status).toBe(200);
    const { challengeId, background, piece, pieceY } = res.data;
    expect(background).toMatch(/^data:image\/jpeg;base64,/);
    expect(piece).toMatch(/^data:image\/webp;base64,/);
    const { gapX, gapY } = await gapOf(t, challengeId);
    expect(pieceY).toBe(gapY);
    expect(Object.keys(res.data).sort()).toEqual([
      'background',
      'challengeId',
      'height',
      'piece',
      'pieceSize',
      'pieceY',
      'width',
      'work',
    ]);
    expect(JSON.stringify(res.data)).not.toContain(`"${gapX}"`);
  });

  it('accepts a human drag once; the same puzzle cannot be answered twice', async () => {
    const caller = new Caller(t);
    const { challengeId, workKey } = await newChallengeWithWork(caller);
    const { gapX } = await gapOf(t, challengeId);
    const first = await caller.post('/ums/captcha/verify', {
      challengeId,
      x: gapX - 3,
      trail: humanTrail(gapX - 3),
      work: workKey,
    });
    expect(first.code).toBe(200);
    expect(first.data.captchaToken).toMatch(/^[A-Za-z0-9_-]{40,}\.\d+$/);
    const again = await caller.post('/ums/captcha/verify', {
      challengeId,
      x: gapX,
      trail: humanTrail(gapX),
      work: workKey,
    });
    expect(again.code).toBe(Codes.captchaFailed.code);
  });

  it('a wrong answer spends the puzzle: the right answer afterwards fails too', async () => {
    const caller = new Caller(t, undefined, 'zh-cn');
    const { challengeId, workKey } = await newChallengeWithWork(caller);
    const { gapX } = await gapOf(t, challengeId);
    const wrong = await caller.post('/ums/captcha/verify', {
      challengeId,
      x: gapX + 30,
      trail: humanTrail(gapX + 30),
      work: workKey,
    });
    expect(wrong).toMatchObject({ status: 200, code: Codes.captchaFailed.code, msg: '验证失败，请重试' });
    const right = await caller.post('/ums/captcha/verify', {
      challengeId,
      x: gapX,
      trail: humanTrail(gapX),
      work: workKey,
    });
    expect(right.code).toBe(Codes.captchaFailed.code);
  });

  it('refuses a scripted straight constant-speed drag to the right place', async () => {
    const caller = new Caller(t);
    const { challengeId, workKey } = await newChallengeWithWork(caller);
    const { gapX } = await gapOf(t, challengeId);
    const robot = Array.from({ length: 11 }, (_, i) => ({ x: (gapX / 10) * i, y: 0, t: i * 40 }));
    const res = await caller.post('/ums/captcha/verify', {
      challengeId,
      x: gapX,
      trail: robot,
      work: workKey,
    });
    expect(res).toMatchObject({
      code: Codes.captchaFailed.code,
      msg: 'Verification failed, please try again',
    });
  });

  it('can be solved with the arrow keys (WCAG 2.5.7)', async () => {
    const caller = new Caller(t);
    const { challengeId, workKey } = await newChallengeWithWork(caller);
    const { gapX } = await gapOf(t, challengeId);
    const res = await caller.post('/ums/captcha/verify', {
      challengeId,
      ...keyboardAnswer(gapX),
      work: workKey,
    });
    expect(res.code).toBe(200);
  });

  it('refuses an answer to an expired puzzle and an unknown puzzle', async () => {
    const caller = new Caller(t);
    const { challengeId, workKey } = await newChallengeWithWork(caller);
    const { gapX } = await gapOf(t, challengeId);
    t.clock.advance(Limits.captcha.challengeValidMs);
    const late = await caller.post('/ums/captcha/verify', {
      challengeId,
      x: gapX,
      trail: humanTrail(gapX),
      work: workKey,
    });
    expect(late.code).toBe(Codes.captchaFailed.code);
    const unknown = await caller.post('/ums/captcha/verify', {
      challengeId: '00000000-0000-4000-8000-000000000000',
      x: 100,
      trail: humanTrail(100),
      work: workKey,
    });
    expect(unknown.code).toBe(Codes.captchaFailed.code);
  });

  it('answers malformed answers with 400 and the envelope, never 500', async () => {
    const caller = new Caller(t);
    const res = await caller.post('/ums/captcha/verify', { challengeId: 'nope', x: 'far', trail: [] });
    expect(res.status).toBe(400);
    expect(res.code).toBe(Codes.validationFailed.code);
  });

  it('a token is spent by one request: used twice it is refused', async () => {
    const caller = new Caller(t);
    const account = await createAccount(t);
    const captchaToken = await solveCaptcha(caller);
    const first = await caller.post('/ums/login', {
      email: account.email,
      passwordCipher: await seal(t, account.password),
      captchaToken,
    });
    expect(first.code).toBe(200);
    const second = await caller.post('/ums/login', {
      email: account.email,
      passwordCipher: await seal(t, account.password),
      captchaToken,
    });
    expect(second.code).toBe(Codes.captchaFailed.code);
    // Nor can a login's token be spent again on another flow.
    const forgot = await caller.post('/ums/password/forgot', { email: account.email, captchaToken });
    expect(forgot.code).toBe(Codes.captchaFailed.code);
  });

  it('a token expires after two minutes', async () => {
    const caller = new Caller(t);
    const account = await createAccount(t);
    const captchaToken = await solveCaptcha(caller);
    t.clock.advance(Limits.captcha.tokenValidMs);
    const res = await caller.post('/ums/login', {
      email: account.email,
      passwordCipher: await seal(t, account.password),
      captchaToken,
    });
    expect(res.code).toBe(Codes.captchaFailed.code);
  });

  it('a token earned on one API instance is spent on another, and only once', async () => {
    const second = await t.reopen();
    try {
      const caller = new Caller(t);
      const captchaToken = await solveCaptcha(caller);
      const account = await createAccount(t);
      const body = async () => ({
        email: account.email,
        passwordCipher: await seal(t, account.password),
        captchaToken,
      });
      const res = await second.inject({
        method: 'POST',
        url: '/plat/ums/login',
        payload: await body(),
        remoteAddress: caller.ip,
        headers: { 'user-agent': BROWSER_USER_AGENT },
      });
      expect(res.json().code).toBe(200);
      const again = await caller.post('/ums/login', await body());
      expect(again.code).toBe(Codes.captchaFailed.code);
    } finally {
      await second.close();
    }
  });
});
