// Shared setup for the accounts pages in jsdom: the real local stub server stands in for the API,
// a real RSA key pair stands in for the server's password-transport key.
import { generateKeyPairSync, pbkdf2Sync, privateDecrypt, constants } from 'node:crypto';
import { envelope, json, startStubApi } from '../support/stubApiServer';

export const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
export const publicKeyPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();

/** What the server would read from a password ciphertext. */
export function decryptPassword(cipher: string): { password: string; nonce: string; ts: number } {
  const plain = privateDecrypt(
    { key: keys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(cipher, 'base64'),
  );
  return JSON.parse(plain.toString('utf8')) as { password: string; nonce: string; ts: number };
}

/** A proof of work of one attempt (counter 0, one PBKDF2 iteration): what the page's solver finds
 *  at once, so these tests exercise the path without its cost (issue 29 §1). */
const WORK_NONCE = '00112233445566778899aabbccddeeff';
const WORK_SALT = 'ffeeddccbbaa99887766554433221100';
export const workKey = pbkdf2Sync(
  Buffer.concat([Buffer.from(WORK_NONCE, 'hex'), Buffer.from([0, 0, 0, 0])]),
  Buffer.from(WORK_SALT, 'hex'),
  1,
  32,
  'sha256',
).toString('hex');
const work = {
  parameters: {
    algorithm: 'PBKDF2/SHA-256' as const,
    nonce: WORK_NONCE,
    salt: WORK_SALT,
    cost: 1,
    keyLength: 32,
    keyPrefix: workKey.slice(0, 32),
    expiresAt: 4_102_444_800,
  },
};

export const challenge = (n: number) => ({
  challengeId: `00000000-0000-4000-8000-00000000000${n}`,
  background: 'data:image/png;base64,iVBORw0KGgo=',
  piece: 'data:image/png;base64,iVBORw0KGgo=',
  pieceY: 40,
  width: 320,
  height: 160,
  pieceSize: 44,
  work,
});

export type StubApi = Awaited<ReturnType<typeof startStubApi>>;

/** The answers every flow with a slider and a password needs; each test adds its own. */
export function answerBasics(server: StubApi) {
  let puzzles = 0;
  server.answer(
    '/plat/ums/crypto/public-key',
    envelope(200, { keyId: 'k1', publicKeyPem, algorithm: 'RSA-OAEP-256' }),
  );
  server.answer('/plat/ums/captcha', (res, req) =>
    json(200, { code: 200, msg: '', data: challenge(++puzzles) })(res, req),
  );
  server.answer('/plat/ums/captcha/verify', envelope(200, { captchaToken: 'captcha-token-0000000001' }));
  return { puzzlesServed: () => puzzles };
}

export function bodiesOf(server: StubApi, path: string): Array<Record<string, unknown>> {
  return server.requests
    .filter((r) => r.url.split('?')[0] === path)
    .map((r) => (r.body ? (JSON.parse(r.body) as Record<string, unknown>) : {}));
}

export { envelope, json, startStubApi };
