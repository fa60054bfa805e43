// Password transport (docs/product-rules.md): every password leaves the browser as the base64 RSA-OAEP
// (SHA-256) ciphertext of JSON { password, nonce, ts } under the server's public key. The nonce and
// the timestamp let the server refuse a replayed or stale ciphertext; TLS stays the real protection.
import { AccountPaths } from '../../contract/api/accountPaths';
import type { ApiClient } from '../api/client';

interface PublicKeyAnswer {
  keyId: string;
  publicKeyPem: string;
  algorithm: string;
}

export type PasswordEncryptor = (password: string) => Promise<string>;

function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const base64 = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toBase64(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** 16 random bytes, base64url: unique per ciphertext, so the server can remember and refuse a replay. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export async function importPublicKey(pem: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('spki', pemToDer(pem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
    'encrypt',
  ]);
}

export async function encryptPassword(
  key: CryptoKey,
  password: string,
  now: number = Date.now(),
): Promise<string> {
  const plain = new TextEncoder().encode(JSON.stringify({ password, nonce: newNonce(), ts: now }));
  return toBase64(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, plain));
}

/**
 * An encryptor that fetches the key once and keeps it; a failed fetch is forgotten so the next
 * attempt asks again (the server may have been restarting).
 */
export function createPasswordEncryptor(api: ApiClient): PasswordEncryptor {
  let key: Promise<CryptoKey> | null = null;
  const loadKey = async () => {
    const answer = await api.get<PublicKeyAnswer>(AccountPaths.publicKey);
    if (!answer || typeof answer.publicKeyPem !== 'string') throw new Error('public key unavailable');
    return importPublicKey(answer.publicKeyPem);
  };
  return async (password) => {
    key ??= loadKey().catch((error: unknown) => {
      key = null;
      throw error;
    });
    return encryptPassword(await key, password);
  };
}
