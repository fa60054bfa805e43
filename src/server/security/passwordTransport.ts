// The password travels RSA-OAEP (SHA-256) encrypted together with a one-time nonce and a timestamp
// (DECISIONS.md "Password transport"). The server refuses a stale ciphertext and a replayed one: the
// nonce is recorded in PostgreSQL, so a replay is refused by every API instance.
import { constants, privateDecrypt } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { z } from 'zod';
import { Limits } from '../../contract/limits';
import { passwordNonces } from '../db/schema/index';
import { AppError } from '../errors';
import type { Clock, Db } from '../types';
import type { TransportKeyPair } from './keyPair';

const payloadSchema = z.object({
  password: z.string().min(1).max(256),
  nonce: z.string().min(16).max(128),
  ts: z.number().int(),
});

export function createPasswordTransport(keys: TransportKeyPair, db: Db, clock: Clock) {
  const reject = () => new AppError('passwordCipherRejected', 200);
  return {
    publicKey: { keyId: keys.keyId, publicKeyPem: keys.publicKeyPem, algorithm: 'RSA-OAEP-256' as const },

    /** The plain password, or a rejection when the ciphertext is malformed, stale or replayed. */
    async open(cipherBase64: string): Promise<string> {
      let parsed: z.infer<typeof payloadSchema>;
      try {
        const plain = privateDecrypt(
          { key: keys.privateKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(cipherBase64, 'base64'),
        );
        parsed = payloadSchema.parse(JSON.parse(plain.toString('utf8')));
      } catch {
        throw reject();
      }
      const now = clock.now();
      if (Math.abs(now.getTime() - parsed.ts) > Limits.passwordTransport.maxAgeMs) throw reject();
      const inserted = await db
        .insert(passwordNonces)
        .values({ nonce: parsed.nonce, usedAt: now })
        .onConflictDoNothing()
        .returning({ nonce: passwordNonces.nonce });
      if (inserted.length === 0) throw reject();
      return parsed.password;
    },

    /** Nonces older than the freshness window can never be accepted again: forget them. */
    async purgeOldNonces(): Promise<void> {
      const cutoff = new Date(clock.now().getTime() - 2 * Limits.passwordTransport.maxAgeMs);
      await db.delete(passwordNonces).where(lt(passwordNonces.usedAt, cutoff));
    },
  };
}

export type PasswordTransport = ReturnType<typeof createPasswordTransport>;
