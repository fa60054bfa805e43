// Password hashing with argon2id at the OWASP parameters (docs/product-rules.md "Password").
import { hash, verify } from '@node-rs/argon2';

/** OWASP: m = 19 MiB, t = 2, p = 1. Algorithm 2 is Argon2id (a const enum in the typings). */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of a random string, verified against when the email is unknown, so that the answer takes
 *  as long as for a known email and timing does not reveal which emails are registered. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(`decoy-${Math.random()}-${Date.now()}`);
  return decoy;
}
