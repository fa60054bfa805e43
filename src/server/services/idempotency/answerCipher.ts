// A kept answer may hold a session token (the login's); the database must not. It is sealed under a
// key derived from the client's idempotency key, which only the client holds (the table keeps the
// key's hash), so only a retry carrying the key can open it.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function hashOfKey(key: string): string {
  return createHash('sha256').update(`idempotency-key\0${key}`).digest('hex');
}

function cipherKey(key: string): Buffer {
  return createHash('sha256').update(`idempotency-answer\0${key}`).digest();
}

export function sealAnswer(key: string, body: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', cipherKey(key), iv);
  const sealed = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
}

export function openAnswer(key: string, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', cipherKey(key), bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
}
