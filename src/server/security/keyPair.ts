// The RSA key pair of the password transport (DECISIONS.md): generated on first start and kept
// under DATA_DIR so that a restart does not invalidate a login form already open in a browser.
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface TransportKeyPair {
  keyId: string;
  publicKeyPem: string;
  privateKeyPem: string;
}

export function loadOrCreateKeyPair(dataDir: string): TransportKeyPair {
  const dir = path.join(dataDir, 'keys');
  const privatePath = path.join(dir, 'transport-private.pem');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  let privateKeyPem: string;
  try {
    privateKeyPem = readFileSync(privatePath, 'utf8');
  } catch {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    try {
      // 'wx': if another process created it first, keep theirs; both then read the same key.
      writeFileSync(privatePath, pem, { mode: 0o600, flag: 'wx' });
    } catch {
      /* created concurrently */
    }
    privateKeyPem = readFileSync(privatePath, 'utf8');
  }
  const publicKeyPem = createPublicKey(createPrivateKey(privateKeyPem))
    .export({ type: 'spki', format: 'pem' })
    .toString();
  const keyId = createHash('sha256').update(publicKeyPem).digest('base64url').slice(0, 16);
  return { keyId, publicKeyPem, privateKeyPem };
}
