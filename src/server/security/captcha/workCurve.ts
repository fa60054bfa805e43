// How much work a puzzle asks for (issue 29 §1, docs/decisions/abuse-proof-of-work.md): a level
// from the pressure, and twice the work for every level. Nobody is ever refused for pressure; the
// one who makes it pays the most (their own address's level), and a flood on the whole portal or on
// one email raises everybody's by a little, capped, so a person still gets through in seconds.
import { Limits } from '../../../contract/limits';

const MINUTE = 60_000;

export const WorkCurve = {
  /** PBKDF2 iterations per attempt: large enough that the browser's per-call overhead is small
   *  against it (the bot's Node gains little), small enough to stop within ~1 ms of a release. */
  cost: 5_000,
  /** The largest counter at level 0 (the mean work is half): 4 M PBKDF2 iterations at most, about
   *  0.7 s in this machine's Chromium worker (0.35 s on average), done while the person drags;
   *  about 1 s of a Node bot's CPU at most (docs/decisions/abuse-proof-of-work.md). */
  maxCounter: 800,
  maxLevel: 6,
  /** Puzzles an address may fetch within `windowMs` at level 0; every doubling past it is a level. */
  address: { free: 4, windowMs: 10 * MINUTE },
  /** Pressure on the portal or on a target email (services/accounts/pressure.ts: 1 = the old
   *  ceiling): from 1 it adds a level, and one more for every doubling, at most `maxLevels`. */
  shared: { maxLevels: 2 },
  /** A token refused because its work was below an email's level leaves this address owing that
   *  level for its next puzzle, for this long (so the person's next try is enough). */
  owedMs: Limits.captcha.challengeValidMs * 5,
} as const;

/** Level of `count` puzzles from one address in the window: 0 up to `free`, +1 per doubling. */
export function addressLevel(count: number): number {
  const { free } = WorkCurve.address;
  return count <= free ? 0 : Math.ceil(Math.log2(count / free));
}

/** Level added by shared pressure (portal-wide, or one target email's): 0 below 1. */
export function sharedLevel(pressure: number): number {
  if (!(pressure >= 1)) return 0;
  return Math.min(WorkCurve.shared.maxLevels, 1 + Math.floor(Math.log2(pressure)));
}

export function combinedLevel(parts: { address: number; owed: number; shared: number }): number {
  return Math.min(WorkCurve.maxLevel, Math.max(parts.address, parts.owed) + parts.shared);
}

/** The work of a level; `scale` shrinks it where nobody measures it (tests, other benches). */
export function workOf(level: number, scale = 1): { cost: number; maxCounter: number } {
  return {
    cost: WorkCurve.cost,
    maxCounter: Math.max(1, Math.round(WorkCurve.maxCounter * 2 ** level * scale)),
  };
}
