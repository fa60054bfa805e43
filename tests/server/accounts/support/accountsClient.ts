// Helpers for the accounts server tests: a caller with its own IP (per-IP rate limits stay out of
// each other's way), the password sealed as the browser seals it, the slider solved the way a person
// would (the gap read from the database, as only a test may), mail read from the real outbox.
import { constants, publicEncrypt, randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { CaptchaPuzzle, type CaptchaWork } from '../../../../src/contract/api/accounts';
import {
  captchaChallenges,
  companies,
  outbox,
  passwordHistory,
  users,
} from '../../../../src/server/db/schema/index';
import { hashPassword } from '../../../../src/server/security/passwords';
import { solveWork } from '../../../support/sliderWork';
import type { TestApp } from '../../../support/testApp';

export type Lang = 'zh-cn' | 'en-us';

export interface Answer {
  status: number;
  code: number;
  msg: string;
  // Answers of every route pass through here; each test reads the fields of the one it called.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

export function randomIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** The browser every Caller claims to be; a captcha token only works from the client that earned
 *  it (address and user agent), so a test spending one through another app instance sends this. */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

export class Caller {
  constructor(
    readonly t: TestApp,
    readonly ip: string = randomIp(),
    public lang: Lang = 'en-us',
    public token?: string,
  ) {}

  private headers(extra: Record<string, string> = {}) {
    return {
      language: this.lang === 'zh-cn' ? '0' : '1',
      'user-agent': BROWSER_USER_AGENT,
      ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      ...extra,
    };
  }

  async post(url: string, payload: unknown = {}): Promise<Answer> {
    const res = await this.t.app.inject({
      method: 'POST',
      url: `/plat${url}`,
      payload: payload as object,
      remoteAddress: this.ip,
      headers: this.headers(),
    });
    const body = res.json();
    return { status: res.statusCode, ...body };
  }

  async get(url: string, query: Record<string, string> = {}): Promise<Answer> {
    const res = await this.t.app.inject({
      method: 'GET',
      url: `/plat${url}`,
      query,
      remoteAddress: this.ip,
      headers: this.headers(),
    });
    return { status: res.statusCode, ...res.json<Omit<Answer, 'status'>>() };
  }
}

const publicKeys = new WeakMap<TestApp, string>();

/** The password as the browser sends it: RSA-OAEP over { password, nonce, ts }. */
export async function seal(t: TestApp, password: string, ts = t.clock.now().getTime()): Promise<string> {
  let pem = publicKeys.get(t);
  if (!pem) {
    const res = await t.app.inject({ method: 'GET', url: '/plat/ums/crypto/public-key' });
    pem = res.json().data.publicKeyPem as string;
    publicKeys.set(t, pem);
  }
  return publicEncrypt(
    { key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(JSON.stringify({ password, nonce: randomUUID(), ts })),
  ).toString('base64');
}

export async function gapOf(t: TestApp, challengeId: string) {
  const [row] = await t.app.db.select().from(captchaChallenges).where(eq(captchaChallenges.id, challengeId));
  return row!;
}

/** A hand's drag: eases in and out, wobbles a little vertically, ends on `x`. */
export function humanTrail(x: number) {
  const steps = 14;
  return Array.from({ length: steps + 1 }, (_, i) => {
    const f = i / steps;
    const eased = f < 0.5 ? 2 * f * f : 1 - (-2 * f + 2) ** 2 / 2;
    return {
      x: Math.round(eased * x * 10) / 10,
      y: Math.round(Math.sin(i * 1.3) * 2 * 10) / 10,
      t: i * 45 + (i % 3) * 7,
    };
  });
}

/** Arrow-key presses (large steps, then small ones) from 0 to the nearest reachable spot by `gapX`. */
export function keyboardAnswer(gapX: number) {
  const large = Math.floor(gapX / CaptchaPuzzle.keyboardLargeStepPx);
  const small = Math.round((gapX - large * CaptchaPuzzle.keyboardLargeStepPx) / CaptchaPuzzle.keyboardStepPx);
  const trail = [{ x: 0, y: 0, t: 0 }];
  let x = 0;
  for (let i = 0; i < large + small; i++) {
    x += i < large ? CaptchaPuzzle.keyboardLargeStepPx : CaptchaPuzzle.keyboardStepPx;
    trail.push({ x, y: 0, t: (i + 1) * 120 });
  }
  return { x, trail, keyboard: true };
}

export async function newChallenge(caller: Caller) {
  const res = await caller.get('/ums/captcha');
  expect(res.code).toBe(200);
  return res.data as { challengeId: string; pieceY: number; work: CaptchaWork };
}

/** A puzzle with its proof of work done (issue 29 §1), as the page's worker does it meanwhile. */
export async function newChallengeWithWork(caller: Caller) {
  const challenge = await newChallenge(caller);
  return { ...challenge, workKey: await solveWork(challenge.work) };
}

/** A captcha token as a person earns it. */
export async function solveCaptcha(caller: Caller): Promise<string> {
  const { challengeId, workKey } = await newChallengeWithWork(caller);
  const { gapX } = await gapOf(caller.t, challengeId);
  const res = await caller.post('/ums/captcha/verify', {
    challengeId,
    x: gapX + 2,
    trail: humanTrail(gapX + 2),
    work: workKey,
  });
  expect(res.code, res.msg).toBe(200);
  return res.data.captchaToken as string;
}

/** The variables of the newest mail of `template` to `to`, from the outbox table. */
export async function latestMail(
  t: TestApp,
  to: string,
  template: string,
): Promise<Record<string, string> | null> {
  const [row] = await t.app.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.template, template)))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return (row?.vars as Record<string, string>) ?? null;
}

export async function mailCount(t: TestApp, to: string, template: string): Promise<number> {
  const rows = await t.app.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.template, template)));
  return rows.length;
}

export function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token')!;
}

export const PASSWORD = 'Start#Pass1';

/** An account made directly in the database (the login tests do not need the registration flow). */
export async function createAccount(
  t: TestApp,
  init: {
    email?: string;
    password?: string;
    status?: 'inactive' | 'active';
    role?: 'applicant' | 'reviewer';
    language?: Lang;
  } = {},
) {
  const email = init.email ?? uniqueEmail();
  const role = init.role ?? 'applicant';
  const passwordHash = await hashPassword(init.password ?? PASSWORD);
  const company =
    role === 'applicant'
      ? (
          await t.app.db.insert(companies).values({ name: 'Acme Trading Ltd', location: 'HK' }).returning()
        )[0]!
      : null;
  const [user] = await t.app.db
    .insert(users)
    .values({
      companyId: company?.id ?? null,
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      position: role === 'applicant' ? 'manager' : null,
      passwordHash,
      role,
      status: init.status ?? 'active',
      language: init.language ?? 'en-us',
      createdAt: t.clock.now(),
    })
    .returning();
  await t.app.db.insert(passwordHistory).values({ userId: user!.id, passwordHash, createdAt: t.clock.now() });
  return { email, userId: user!.id, companyId: company?.id ?? null, password: init.password ?? PASSWORD };
}

export async function login(caller: Caller, email: string, password: string): Promise<Answer> {
  return caller.post('/ums/login', {
    email,
    passwordCipher: await seal(caller.t, password),
    captchaToken: await solveCaptcha(caller),
  });
}

export async function userRow(t: TestApp, userId: string) {
  const [row] = await t.app.db.select().from(users).where(eq(users.id, userId));
  return row!;
}
