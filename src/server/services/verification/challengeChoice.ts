// Which head movement the next capture must show (issue 28 §3): chosen by the server with crypto
// randomness when the phone scans, and again after every decided capture, so a recording of an
// earlier attempt does not fit the next one. A session's state machine does not change with it:
// the choice is data on the row, written in the same transaction as the state change.
import { randomInt } from 'node:crypto';
import { FACE_CHALLENGES, type FaceChallenge } from '../../../contract/api/verification';

/** A uniform integer in [0, max): node:crypto's randomInt (tests pass their own). */
export type RandomBelow = (max: number) => number;

/**
 * One of `allowed` (config FACE_CHALLENGES), never `previous` unless it is the only one allowed (a
 * pinned challenge, for a browser test). An empty list falls back to every challenge: config
 * refuses one, and a session must still ask for something.
 */
export function chooseChallenge(
  allowed: readonly FaceChallenge[],
  previous: FaceChallenge | null,
  random: RandomBelow = randomInt,
): FaceChallenge {
  const pool = allowed.length > 0 ? allowed : FACE_CHALLENGES;
  const fresh = pool.filter((challenge) => challenge !== previous);
  const from = fresh.length > 0 ? fresh : pool;
  return from[random(from.length)]!;
}
