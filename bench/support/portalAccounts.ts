// What a signed-in bench client needs, done the way the web client does it: the slider solved with
// a hand-like trail (the gap read from the database, as only a test or bench may), the password
// sealed by the web app's own code (src/web/crypto/passwordCipher.ts: RSA-OAEP, SHA-256), and a
// real login through POST /plat/ums/login.
import { eq } from 'drizzle-orm';
import type { CaptchaWork, LoginResult } from '../../src/contract/api/accounts';
import { AccountPaths } from '../../src/contract/api/accounts';
import { captchaChallenges } from '../../src/server/db/schema/index';
import { encryptPassword, importPublicKey } from '../../src/web/crypto/passwordCipher';
import { createAccount, humanTrail, PASSWORD } from '../../tests/server/accounts/support/accountsClient';
import { solveWork } from '../../tests/support/sliderWork';
import { callJson, dataOf } from './portalHttp';
import type { BenchPortal } from './portalServer';
import { asTestApp } from './portalTestApp';

export { PASSWORD };

const keys = new WeakMap<BenchPortal, Promise<CryptoKey>>();

/** The server's public key, fetched once per portal as the web client does. */
function publicKey(portal: BenchPortal): Promise<CryptoKey> {
  let key = keys.get(portal);
  if (!key) {
    key = callJson<{ publicKeyPem: string }>(portal.url, 'GET', AccountPaths.publicKey).then((a) =>
      importPublicKey(dataOf(a, 'public key').publicKeyPem),
    );
    keys.set(portal, key);
  }
  return key;
}

export async function sealPassword(portal: BenchPortal, password: string): Promise<string> {
  return encryptPassword(await publicKey(portal), password);
}

/** A one-time slider token, earned from `from` (the captcha routes are limited per IP). */
export async function solveCaptcha(portal: BenchPortal, from: string): Promise<string> {
  const { challengeId, work } = dataOf(
    await callJson<{ challengeId: string; work: CaptchaWork }>(portal.url, 'GET', AccountPaths.captcha, { from }),
    'captcha',
  );
  const [row] = await portal.database.db
    .select({ gapX: captchaChallenges.gapX })
    .from(captchaChallenges)
    .where(eq(captchaChallenges.id, challengeId));
  if (!row) throw new Error(`captcha ${challengeId} has no row`);
  const x = row.gapX + 2;
  const answer = await callJson<{ captchaToken: string }>(portal.url, 'POST', AccountPaths.captchaVerify, {
    from,
    body: { challengeId, x, trail: humanTrail(x), work: await solveWork(work) },
  });
  return dataOf(answer, 'captcha verify').captchaToken;
}

/** Active applicants made directly in the database (argon2id hashes, as registration makes them). */
export async function createActiveApplicants(portal: BenchPortal, count: number) {
  const t = asTestApp(portal);
  const accounts = [];
  for (let i = 0; i < count; i++) accounts.push(await createAccount(t, { status: 'active' }));
  return accounts;
}

export async function logIn(
  portal: BenchPortal,
  account: { email: string; password: string },
  from: string,
  captchaToken?: string,
): Promise<LoginResult> {
  const answer = await callJson<LoginResult>(portal.url, 'POST', AccountPaths.login, {
    from,
    body: {
      email: account.email,
      passwordCipher: await sealPassword(portal, account.password),
      captchaToken: captchaToken ?? (await solveCaptcha(portal, from)),
    },
  });
  return dataOf(answer, 'login');
}
