// The proof of work bound to each slider puzzle (issue 29 §1, docs/decisions/abuse-proof-of-work.md).
// Format: ALTCHA v2's deterministic PBKDF2/SHA-256 challenge (altcha-lib), which the page solves
// with the library's own solveChallenge in a Web Worker while the person drags: the server picks a
// secret counter, derives the key PBKDF2(nonce ‖ counter, salt, cost) and hands out the first half
// of it; the solver tries counters 0, 1, 2, … until a key starts with that half. The work is the
// counter's size times `cost`, uniform in [0, maxCounter]: no lucky or unlucky draw beyond that.
//
// Why not the library's createChallenge/verifySolution: without an HMAC secret it keeps the derived
// key to itself, and with one every API instance (npm start forks several) would have to share it.
// Instead the full key's hash, bound to the client that asked (address and user agent, as the token
// is), is kept in the puzzle's row: checking costs one SHA-256, and a key solved for another puzzle
// or by another client matches nothing.
import { createHash, pbkdf2, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { CaptchaWork } from '../../../contract/api/accounts';

const pbkdf2Async = promisify(pbkdf2);

export const WORK_ALGORITHM = 'PBKDF2/SHA-256';
const KEY_BYTES = 32;
/** What the page is told: half the key. The other half is what the work finds. */
const PREFIX_BYTES = 16;

/** Who asked for the puzzle: the work only counts from the same client (like the token). */
export interface WorkClient {
  ip: string;
  userAgent: string | undefined;
}

/** The password ALTCHA's solver derives from: the nonce, then the counter as a big-endian uint32. */
function password(nonce: Buffer, counter: number): Buffer {
  const out = Buffer.alloc(nonce.length + 4);
  nonce.copy(out, 0);
  out.writeUInt32BE(counter, nonce.length);
  return out;
}

export function workKeyHash(derivedKeyHex: string, client: WorkClient): string {
  return createHash('sha256')
    .update(`work\n${derivedKeyHex}\n${client.ip}\n${client.userAgent ?? ''}`)
    .digest('hex');
}

export interface IssuedWork {
  work: CaptchaWork;
  /** To keep with the puzzle: the full key's hash, bound to the client. */
  keyHash: string;
}

/**
 * A challenge of `maxCounter` attempts at most (half that on average), each PBKDF2 of `cost`
 * iterations. Costs the server one derivation (libuv's thread pool, not the event loop).
 */
export async function issueWork(
  params: { cost: number; maxCounter: number; expiresAt: Date },
  client: WorkClient,
): Promise<IssuedWork> {
  const nonce = randomBytes(16);
  const salt = randomBytes(16);
  const counter = randomInt(0, params.maxCounter + 1);
  const key = await pbkdf2Async(password(nonce, counter), salt, params.cost, KEY_BYTES, 'sha256');
  const work: CaptchaWork = {
    parameters: {
      algorithm: WORK_ALGORITHM,
      nonce: nonce.toString('hex'),
      salt: salt.toString('hex'),
      cost: params.cost,
      keyLength: KEY_BYTES,
      keyPrefix: key.subarray(0, PREFIX_BYTES).toString('hex'),
      expiresAt: Math.floor(params.expiresAt.getTime() / 1000),
    },
  };
  return { work, keyHash: workKeyHash(key.toString('hex'), client) };
}

/** Whether `derivedKeyHex` is the key of the work kept as `keyHash` for this client. */
export function workMatches(keyHash: string, derivedKeyHex: string, client: WorkClient): boolean {
  const presented = Buffer.from(workKeyHash(derivedKeyHex, client), 'hex');
  const kept = Buffer.from(keyHash, 'hex');
  return presented.length === kept.length && timingSafeEqual(presented, kept);
}
