// The password travels RSA-OAEP (SHA-256) encrypted together with a one-time nonce and a timestamp
// (docs/product-rules.md "Password transport"). The server refuses a stale ciphertext and a replayed one: the
// nonce is recorded in PostgreSQL, so a replay is refused by every API instance. The keys come from
// the keyring (transportKeyring.ts): the same for every worker and instance, the previous one still
// accepted after a rotation.
import { constants, privateDecrypt } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import { Limits } from '../../contract/limits';
import { passwordNonces } from '../db/schema/index';
import { AppError } from '../errors';
import { thisRequestsKey } from '../db/spentByThisRequest';
import type { Clock, Db } from '../types';
import type { TransportKeyring } from './transportKeyring';

const payloadSchema = z.object({
  password: z.string().min(1).max(256),
  nonce: z.string().min(16).max(128),
  ts: z.number().int(),
});

/** The plaintext under one of the accepted keys, or undefined (OAEP fails under a wrong key). */
function decryptWithAny(keyring: TransportKeyring, cipher: Buffer): Buffer | undefined {
  for (const key of keyring.accepted()) {
    try {
      return privateDecrypt(
        { key: key.privateKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        cipher,
      );
    } catch {
      /* not this key */
    }
  }
  return undefined;
}

export function createPasswordTransport(keyring: TransportKeyring, db: Db, clock: Clock) {
  const reject = () => new AppError('passwordCipherRejected', 200);
  return {
    get publicKey() {
      const key = keyring.current();
      return { keyId: key.keyId, publicKeyPem: key.publicKeyPem, algorithm: 'RSA-OAEP-256' as const };
    },

    /** The plain password, or a rejection when the ciphertext is malformed, stale or replayed. */
    async open(cipherBase64: string): Promise<string> {
      let parsed: z.infer<typeof payloadSchema>;
      const cipher = Buffer.from(cipherBase64, 'base64');
      // A key rotated by another instance since this one last looked: read the keys once more.
      let plain = decryptWithAny(keyring, cipher);
      if (!plain && (await keyring.refresh().catch(() => false))) plain = decryptWithAny(keyring, cipher);
      if (!plain) throw reject();
      try {
        parsed = payloadSchema.parse(JSON.parse(plain.toString('utf8')));
      } catch {
        throw reject();
      }
      const now = clock.now();
      // The same request sent again after a cut (same idempotency key) spent the nonce already.
      const spentBy = thisRequestsKey();
      if (spentBy !== null) {
        const [own] = await db
          .select({ nonce: passwordNonces.nonce })
          .from(passwordNonces)
          .where(and(eq(passwordNonces.nonce, parsed.nonce), eq(passwordNonces.usedBy, spentBy)));
        if (own) return parsed.password;
      }
      if (Math.abs(now.getTime() - parsed.ts) > Limits.passwordTransport.maxAgeMs) throw reject();
      const inserted = await db
        .insert(passwordNonces)
        .values({ nonce: parsed.nonce, usedAt: now, usedBy: spentBy })
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
