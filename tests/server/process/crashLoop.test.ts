// Issue 17 §2: a worker that keeps dying is restarted ever more slowly (0, 250, 500, 1000, 2000 ms…
// between a death and the next start), never in a tight loop, and the portal comes back by itself
// once the cause is gone. The crash loop is process/testFaults.ts' PORTAL_TEST_CRASH_FLAG: while
// the file exists, each new worker throws as it starts.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../support/faultWait';
import { answersAgain, injectFault, logLines, openWorld, type World } from './support';

let world: World;
beforeAll(async () => {
  world = await openWorld('crashloop');
}, 120_000);
afterAll(async () => world?.close());

const restarts = (output: string) =>
  logLines(output).filter(
    (l) => l.name === 'supervisor' && String(l.msg).startsWith('starting a new worker'),
  );

describe('a crash loop', () => {
  it('backs off between restarts and recovers when the cause is gone', async () => {
    const flag = path.join(world.dataDir, 'crash-on-start');
    const portal = await world.start({ PORTAL_TEST_CRASH_FLAG: flag });
    writeFileSync(flag, '');
    expect(await injectFault(portal.url, 'exception')).toBe(202);

    const seen = await waitUntil(
      () => {
        const lines = restarts(portal.process.output());
        return lines.length >= 5 ? lines : undefined;
      },
      'five restarts',
      240_000,
    );
    // The first replacement at once (a fault in a worker that had served), then doubling delays.
    expect(seen.slice(0, 5).map((l) => l.delayMs)).toEqual([0, 250, 500, 1000, 2000]);
    // …and the forks really wait that long: no two restarts closer than their announced delay.
    const times = seen.slice(0, 5).map((l) => Number(l.time));
    for (let i = 1; i < times.length; i++)
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(seen[i - 1]!.delayMs as number);
    expect(portal.alive()).toBe(true);

    rmSync(flag);
    await answersAgain(portal.url, 'the portal to answer once workers start cleanly', 240_000);
    expect(portal.alive()).toBe(true);
  }, 600_000);
});
