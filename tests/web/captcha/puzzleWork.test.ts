// The page's side of the puzzle's proof of work (issue 29 §1): the work of the puzzle on screen is
// the one whose key the answer carries; a replaced puzzle's work is never sent. (jsdom has no Web
// Worker: the same solver runs on the page, which is also the fallback of a browser without one.)
import { describe, expect, it } from 'vitest';
import { createPuzzleWork } from '../../../src/web/features/captcha/puzzleWork';
import { challenge, workKey } from '../accounts/support';

describe('puzzle work', () => {
  it('finds the key of the puzzle it was started for', async () => {
    const work = createPuzzleWork();
    const puzzle = challenge(1);
    work.start(puzzle.challengeId, puzzle.work);
    await expect(work.keyFor(puzzle.challengeId)).resolves.toBe(workKey);
  });

  it('has no key for a puzzle it was not started for, nor for one replaced since', async () => {
    const work = createPuzzleWork();
    const first = challenge(1);
    const second = challenge(2);
    await expect(work.keyFor(first.challengeId)).rejects.toThrow('no work for this puzzle');
    work.start(first.challengeId, first.work);
    work.start(second.challengeId, second.work);
    await expect(work.keyFor(first.challengeId)).rejects.toThrow('no work for this puzzle');
    await expect(work.keyFor(second.challengeId)).resolves.toBe(workKey);
    work.stop();
    await expect(work.keyFor(second.challengeId)).rejects.toThrow('no work for this puzzle');
  });
});
