// The password travels RSA-OAEP encrypted with a one-time nonce and a timestamp; a stale or replayed
// ciphertext is refused (docs/product-rules.md "Password transport").
import { constants, publicEncrypt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Limits } from '../../../src/contract/limits';
import { AppError } from '../../../src/server/errors';
import { createTestApp, type TestApp } from '../../support/testApp';

let t: TestApp;
let publicKeyPem: string;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/plat/ums/crypto/public-key' });
  expect(res.json().data.algorithm).toBe('RSA-OAEP-256');
  publicKeyPem = res.json().data.publicKeyPem;
});
afterAll(() => t?.close());

function seal(payload: object): string {
  return publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(JSON.stringify(payload)),
  ).toString('base64');
}

async function rejection(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return (err as AppError).codeName;
}

describe('password transport', () => {
  it('opens a fresh ciphertext once and refuses its replay', async () => {
    const cipher = seal({ password: 'Secret#123', nonce: randomUUID(), ts: t.clock.now().getTime() });
    expect(await t.app.passwordTransport.open(cipher)).toBe('Secret#123');
    expect(await rejection(t.app.passwordTransport.open(cipher))).toBe('passwordCipherRejected');
  });

  it('refuses a stale or future-dated ciphertext', async () => {
    const now = t.clock.now().getTime();
    const stale = seal({
      password: 'Secret#123',
      nonce: randomUUID(),
      ts: now - Limits.passwordTransport.maxAgeMs - 1,
    });
    const future = seal({
      password: 'Secret#123',
      nonce: randomUUID(),
      ts: now + Limits.passwordTransport.maxAgeMs + 1,
    });
    expect(await rejection(t.app.passwordTransport.open(stale))).toBe('passwordCipherRejected');
    expect(await rejection(t.app.passwordTransport.open(future))).toBe('passwordCipherRejected');
  });

  it('refuses garbage, a wrong key and a payload without nonce', async () => {
    expect(await rejection(t.app.passwordTransport.open('not base64 at all!'))).toBe(
      'passwordCipherRejected',
    );
    expect(await rejection(t.app.passwordTransport.open(Buffer.alloc(256, 7).toString('base64')))).toBe(
      'passwordCipherRejected',
    );
    const noNonce = seal({ password: 'Secret#123', ts: t.clock.now().getTime() });
    expect(await rejection(t.app.passwordTransport.open(noNonce))).toBe('passwordCipherRejected');
  });

  it('keeps the key pair across restarts of the app on the same data directory', async () => {
    const again = await t.reopen();
    const res = await again.inject({ method: 'GET', url: '/plat/ums/crypto/public-key' });
    expect(res.json().data.publicKeyPem).toBe(publicKeyPem);
    await again.close();
  });
});
