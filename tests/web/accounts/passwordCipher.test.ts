// Password transport in the browser: RSA-OAEP SHA-256 over JSON { password, nonce, ts }, with the
// key fetched once from the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/web/api/client';
import {
  createPasswordEncryptor,
  encryptPassword,
  importPublicKey,
} from '../../../src/web/crypto/passwordCipher';
import { bodiesOf, decryptPassword, envelope, publicKeyPem, startStubApi, type StubApi } from './support';

let server: StubApi;
beforeAll(async () => {
  server = await startStubApi();
});
afterAll(() => server.close());

function client() {
  return createApiClient({
    baseURL: server.origin,
    getToken: () => null,
    getLocale: () => 'en-us',
    toast: () => {},
    gate: { isRejectingRequests: () => false, reportSessionInvalid: () => {} },
    registry: { track: () => () => {}, cancelAll: () => {} } as never,
    report: () => {},
  });
}

describe('password cipher', () => {
  it('the server can decrypt { password, nonce, ts }; every ciphertext has its own nonce', async () => {
    const key = await importPublicKey(publicKeyPem);
    const a = decryptPassword(await encryptPassword(key, 'Secret#2024', 1_700_000_000_000));
    const b = decryptPassword(await encryptPassword(key, 'Secret#2024', 1_700_000_000_000));
    expect(a).toMatchObject({ password: 'Secret#2024', ts: 1_700_000_000_000 });
    expect(a.nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(b.nonce).not.toBe(a.nonce);
  });

  it('fetches the public key once, and again after a failed fetch', async () => {
    server.reset();
    server.answer('/plat/ums/crypto/public-key', envelope(500100, null, 'down', 503));
    const encrypt = createPasswordEncryptor(client());
    await expect(encrypt('Secret#2024')).rejects.toThrow();
    server.answer(
      '/plat/ums/crypto/public-key',
      envelope(200, { keyId: 'k', publicKeyPem, algorithm: 'RSA-OAEP-256' }),
    );
    const first = await encrypt('Secret#2024');
    await encrypt('Other#2024');
    expect(decryptPassword(first).password).toBe('Secret#2024');
    expect(bodiesOf(server, '/plat/ums/crypto/public-key')).toHaveLength(2);
  });
});
