// The slider puzzle's proof of work solved in Node (issue 29 §1): what the page's worker does, with
// the same library (altcha-lib's solveChallenge) and Node's PBKDF2. For tests, benches and the
// bench's bot; under APP_ENV=test the work is scaled down (config.captchaWorkScale).
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { CaptchaWork } from '../../src/contract/api/accounts';

/** The full derived key (hex) the verify request sends as `work`. */
export async function solveWork(work: CaptchaWork): Promise<string> {
  const solution = await solveChallenge({ challenge: work, deriveKey, timeout: 0 });
  if (!solution) throw new Error('the puzzle work found no key');
  return solution.derivedKey;
}
