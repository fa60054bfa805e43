// The slider puzzle's proof of work, solved off the page's thread (issue 29 §1): ALTCHA's own
// solver (altcha-lib) with the browser's native PBKDF2 (WebCrypto). It starts when the puzzle is
// shown and runs while the person drags; the page waits for it only if the release comes first.
// A chunk of its own (Vite bundles a `new Worker(new URL(...))` separately), loaded with the puzzle.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import type { CaptchaWork } from '../../../contract/api/accounts';

export type WorkReply = { derivedKey: string } | { error: string };

self.onmessage = async (event: MessageEvent<CaptchaWork>) => {
  let reply: WorkReply;
  try {
    // The puzzle expires after two minutes; the solver's own limit is longer, the page stops it.
    const solution = await solveChallenge({ challenge: event.data, deriveKey, timeout: 0 });
    reply = solution ? { derivedKey: solution.derivedKey } : { error: 'no solution' };
  } catch (error) {
    reply = { error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(reply);
};
