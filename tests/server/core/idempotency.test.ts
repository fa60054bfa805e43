// Writes a client may send again (issue 17 §5; plugins/idempotency.ts): the same write with the same
// Idempotency-Key runs once and the repeat gets the first answer; another request under a used key is
// refused; a key whose first request is still running says "wait"; one whose worker died (its lease
// ran out, no answer) runs again; "try later" answers are not kept; a kept answer is sealed.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../../src/contract/codes';
import { Limits } from '../../../src/contract/limits';
import { idempotentRequests, sessions } from '../../../src/server/db/schema/index';
import { AppError } from '../../../src/server/errors';
import { purgeExpiredRecords } from '../../../src/server/housekeeping/purgeExpired';
import { hashOfKey } from '../../../src/server/services/idempotency/answerCipher';
import { claimKey } from '../../../src/server/services/idempotency/idempotentRequests';
import { createTestApp, type TestApp } from '../../support/testApp';
import {
  BROWSER_USER_AGENT,
  Caller,
  createAccount,
  gapOf,
  humanTrail,
  newChallengeWithWork,
  randomIp,
  seal,
  solveCaptcha,
} from '../accounts/support/accountsClient';
import { readyApplicant, view } from '../certification/support';

let t: TestApp;
/** How many times each test route's handler really ran, by its `id`. */
const ran = new Map<string, number>();
let failWith: number | null = null;

beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    app.post('/plat/test/idempotent', async (request) => {
      const { id } = request.body as { id: string };
      ran.set(id, (ran.get(id) ?? 0) + 1);
      if (failWith === 429) throw new AppError('rateLimited', 429, { retryAfterMs: 1000 });
      if (failWith === 500) throw new Error('a fault on purpose');
      return { code: 200, msg: '', data: { id, run: ran.get(id) } };
    });
  });
});
afterAll(() => t?.close());

/** The worker died between its commit and keeping the answer: the claim is gone, the write done. */
async function forgetAnswer(key: string) {
  await t.app.db.delete(idempotentRequests).where(eq(idempotentRequests.keyHash, hashOfKey(key)));
}

let keys = 0;
const newKey = () => `test-key-${Date.now()}-${keys++}-abcdef`;

async function send(key: string | null, body: unknown, url = '/plat/test/idempotent', ip = '10.9.8.7') {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: body as object,
    remoteAddress: ip,
    headers: {
      language: '1',
      'user-agent': BROWSER_USER_AGENT,
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
  });
  return { status: res.statusCode, headers: res.headers, body: res.json<{ code: number; data: unknown }>() };
}

describe('a write sent again with its key', () => {
  it('runs once; the repeat gets the first answer, marked as a replay', async () => {
    const key = newKey();
    const first = await send(key, { id: 'once' });
    const again = await send(key, { id: 'once' });
    expect(first.body).toMatchObject({ code: 200, data: { id: 'once', run: 1 } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(ran.get('once')).toBe(1);
  });

  it('without a key, every request runs', async () => {
    await send(null, { id: 'nokey' });
    await send(null, { id: 'nokey' });
    expect(ran.get('nokey')).toBe(2);
  });

  it('another request under a used key is refused (422) and does not run', async () => {
    const key = newKey();
    await send(key, { id: 'first-body' });
    const other = await send(key, { id: 'other-body' });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe(Codes.idempotencyKeyReused.code);
    expect(ran.get('other-body')).toBeUndefined();
  });

  it('a malformed key is refused before anything runs', async () => {
    const res = await send('short', { id: 'malformed' });
    expect(res.status).toBe(400);
    expect(ran.get('malformed')).toBeUndefined();
  });

  it('while the first is still running: 409 requestInProgress with Retry-After; once its lease runs out with no answer, the retry runs', async () => {
    const key = newKey();
    const body = { id: 'running' };
    // The first request claimed the key on a worker that was then killed: same fingerprint as a real
    // request makes, so take it from one that ran under another key and copy the row's fingerprint.
    const probe = newKey();
    await send(probe, body);
    const [probeRow] = await t.app.db
      .select()
      .from(idempotentRequests)
      .where(eq(idempotentRequests.keyHash, hashOfKey(probe)));
    expect(await claimKey(t.app.db, key, probeRow!.fingerprint, t.clock.now())).toEqual({ kind: 'run' });

    const waiting = await send(key, body);
    expect(waiting.status).toBe(409);
    expect(waiting.body.code).toBe(Codes.requestInProgress.code);
    expect(Number(waiting.headers['retry-after'])).toBe(Limits.idempotency.leaseMs / 1000);
    expect(ran.get('running')).toBe(1); // only the probe

    t.clock.advance(Limits.idempotency.leaseMs + 1);
    const taken = await send(key, body);
    expect(taken.status).toBe(200);
    expect(ran.get('running')).toBe(2);
    expect((await send(key, body)).headers['idempotent-replayed']).toBe('true');
    expect(ran.get('running')).toBe(2);
  });

  it.each([429, 500])('a %i answer is not kept: the retry runs again', async (status) => {
    const key = newKey();
    const id = `fails-${status}`;
    failWith = status;
    try {
      const refused = await send(key, { id });
      expect(refused.status).toBe(status);
      // A "try later" also says when, to any HTTP client (retryAfterMs 1000 → 1 s).
      if (status === 429) expect(refused.headers['retry-after']).toBe('1');
    } finally {
      failWith = null;
    }
    const retried = await send(key, { id });
    expect(retried.status).toBe(200);
    expect(ran.get(id)).toBe(2);
  });

  it('a login sent twice makes one session, and the kept answer does not hold the token in clear', async () => {
    const caller = new Caller(t, randomIp());
    const account = await createAccount(t);
    const body = {
      email: account.email,
      passwordCipher: await seal(t, account.password),
      captchaToken: await solveCaptcha(caller),
    };
    const key = newKey();
    const first = await send(key, body, '/plat/ums/login', caller.ip);
    const again = await send(key, body, '/plat/ums/login', caller.ip);
    expect(first.body.code).toBe(200);
    expect(again.body).toEqual(first.body);
    const rows = await t.app.db.select().from(sessions).where(eq(sessions.userId, account.userId));
    expect(rows).toHaveLength(1);
    const token = (first.body.data as { token: string }).token;
    const [kept] = await t.app.db
      .select()
      .from(idempotentRequests)
      .where(eq(idempotentRequests.keyHash, hashOfKey(key)));
    expect(kept!.answer).toBeTruthy();
    expect(kept!.answer).not.toContain(token);
    expect(Buffer.from(kept!.answer!, 'base64').toString('latin1')).not.toContain(token);
    expect(JSON.stringify(kept)).not.toContain(key);
  });

  it('a login whose worker died before keeping its answer runs again: the captcha token and password nonce it spent are still its own, and no other request may spend them', async () => {
    const caller = new Caller(t, randomIp());
    const account = await createAccount(t);
    const body = {
      email: account.email,
      passwordCipher: await seal(t, account.password),
      captchaToken: await solveCaptcha(caller),
    };
    const key = newKey();
    expect((await send(key, body, '/plat/ums/login', caller.ip)).body.code).toBe(200);
    await forgetAnswer(key);
    const again = await send(key, body, '/plat/ums/login', caller.ip);
    expect(again.body.code).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();

    const otherKey = await send(newKey(), body, '/plat/ums/login', caller.ip);
    expect(otherKey.body.code).toBe(Codes.captchaFailed.code);
    const sameCipherNewCaptcha = { ...body, captchaToken: await solveCaptcha(caller) };
    const replayedCipher = await send(newKey(), sameCipherNewCaptcha, '/plat/ums/login', caller.ip);
    expect(replayedCipher.body.code).toBe(Codes.passwordCipherRejected.code);
  });

  it('a slider answer cut after it was checked: the same request again earns a token, another is refused', async () => {
    const caller = new Caller(t, randomIp());
    const { challengeId, workKey } = await newChallengeWithWork(caller);
    const { gapX } = await gapOf(t, challengeId);
    const body = { challengeId, x: gapX + 2, trail: humanTrail(gapX + 2), work: workKey };
    const key = newKey();
    expect((await send(key, body, '/plat/ums/captcha/verify', caller.ip)).body.code).toBe(200);
    await forgetAnswer(key);
    const again = await send(key, body, '/plat/ums/captcha/verify', caller.ip);
    expect(again.body.code).toBe(200);
    expect((again.body.data as { captchaToken: string }).captchaToken).toBeTruthy();
    const other = await send(newKey(), body, '/plat/ums/captcha/verify', caller.ip);
    expect(other.body.code).not.toBe(200);
  });

  it('a draft save and a submit cut after their commit: the same request again is answered as it was, not refused as stale', async () => {
    const { caller, draft } = await readyApplicant(t);
    const { version } = await view(t, caller);
    const ip = '10.9.8.20';
    const withCaller = (key: string, url: string, body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/plat${url}`,
        payload: body as object,
        remoteAddress: ip,
        headers: { ...caller.headers, 'idempotency-key': key },
      });
    const saveBody = {
      step: 'completeCompanyInfo',
      values: draft.completeCompanyInfo,
      currentStep: 'completeCompanyInfo',
      version,
    };
    const key = newKey();
    const first = (await withCaller(key, '/kyb/draft', saveBody)).json<{
      code: number;
      data: { version: number };
    }>();
    expect(first.code).toBe(200);
    await forgetAnswer(key);
    const again = (await withCaller(key, '/kyb/draft', saveBody)).json<{
      code: number;
      data: { version: number };
    }>();
    expect(again.code).toBe(200);
    expect(again.data.version).toBe(first.data.version);
    // Without the key the same body is stale, as a second tab's would be.
    const otherTab = await withCaller(newKey(), '/kyb/draft', saveBody);
    expect(otherTab.statusCode).toBe(409);

    const submitKey = newKey();
    const submitBody = { version: first.data.version };
    expect((await withCaller(submitKey, '/kyb/submit', submitBody)).json<{ code: number }>().code).toBe(200);
    await forgetAnswer(submitKey);
    const resubmitted = (await withCaller(submitKey, '/kyb/submit', submitBody)).json<{
      code: number;
      data: { certificationStatus: number };
    }>();
    expect(resubmitted.code).toBe(200);
    expect(resubmitted.data.certificationStatus).toBe(1);
    expect((await view(t, caller)).version).toBe(first.data.version + 1);
  });

  it('housekeeping drops answers older than the kept time', async () => {
    const key = newKey();
    await send(key, { id: 'old' });
    t.clock.advance(Limits.idempotency.keptMs + 1);
    await purgeExpiredRecords(t.app.db, t.clock.now());
    const left = await t.app.db
      .select()
      .from(idempotentRequests)
      .where(eq(idempotentRequests.keyHash, hashOfKey(key)));
    expect(left).toHaveLength(0);
  });
});
