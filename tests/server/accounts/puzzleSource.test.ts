// Slider puzzles drawn in a worker thread, a few ahead (src/server/security/captcha/puzzleSource.ts,
// issue 18 §6): the main thread gets ready puzzles, each one different; a dead thread is replaced
// and never costs a captcha.
import { afterEach, describe, expect, it } from 'vitest';
import { CaptchaPuzzle } from '../../../src/contract/api/accounts';
import { createPuzzleSource, type PuzzleSource } from '../../../src/server/security/captcha/puzzleSource';

const sources: PuzzleSource[] = [];
const source = (ahead?: number) => {
  const s = createPuzzleSource({ ahead });
  sources.push(s);
  return s;
};

describe('puzzle source', { timeout: 60_000 }, () => {
  afterEach(async () => {
    for (const s of sources.splice(0)) await s.stop();
  });

  it('draws in its thread, keeps puzzles ahead, and never hands out the same one twice', async () => {
    const s = source(4);
    const first = await s.next();
    expect(s.threadAlive).toBe(true);
    const more = await Promise.all(Array.from({ length: 12 }, () => s.next()));
    const all = [first, ...more];
    expect(new Set(all.map((p) => p.background)).size).toBe(all.length);
    for (const p of all) {
      expect(p.gapX).toBeGreaterThanOrEqual(0);
      expect(p.gapX).toBeLessThanOrEqual(CaptchaPuzzle.width - CaptchaPuzzle.pieceSize);
      expect(p.background.length).toBeGreaterThan(1000);
    }
  });

  it('a thread that dies is replaced, and the puzzle asked for meanwhile still comes', async () => {
    const s = source(0);
    await s.next();
    expect(s.threadAlive).toBe(true);
    await s.stop();
    expect(s.threadAlive).toBe(false);
    const after = await s.next();
    expect(after.background.length).toBeGreaterThan(1000);
    expect(s.threadAlive).toBe(true);
  });
});
