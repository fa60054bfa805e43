// Issue 18 §1: with two workers on the one port, killing one never closes the port. Requests go on
// while the supervisor starts the replacement: none is refused (a refusal means the port was
// closed); a request cut on the killed worker itself is sent again, as any client would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../support/faultWait';
import { childPids, openWorld, type World } from './support';

let world: World;
beforeAll(async () => {
  world = await openWorld('two-workers');
}, 120_000);
afterAll(async () => world?.close());

const workerPids = childPids;

/** One request; 'refused' when nothing listened on the port, 'cut' for any other network error. */
async function probe(url: string): Promise<number | 'refused' | 'cut'> {
  try {
    const response = await fetch(`${url}/plat/no-such-route`, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    return code === 'ECONNREFUSED' ? 'refused' : 'cut';
  }
}

describe('two workers on one port', () => {
  it('a killed worker leaves the other serving until its replacement listens', async () => {
    const portal = await world.start({ WORKERS: '2', LOG_LEVEL: 'info' });
    const supervisorPid = portal.process.pid;
    await waitUntil(() => workerPids(supervisorPid).length === 2, 'two workers', 30_000);
    // A worker replaced earlier (a slow start under load) has logged its own "downMs" already:
    // only a replacement logged after this kill counts.
    const replacements = () => portal.process.output().match(/"downMs":\d+/g)?.length ?? 0;
    const before = replacements();
    const [victim] = workerPids(supervisorPid);
    process.kill(victim!, 'SIGKILL');

    const outcomes: (number | 'refused' | 'cut')[] = [];
    let refused = 0;
    const replaced = () => replacements() > before;
    // Until the replacement listens (its start takes seconds), and a little after.
    for (let extra = 0; extra < 5;) {
      let outcome = await probe(portal.url);
      if (outcome === 'refused') refused++;
      for (let retry = 0; retry < 3 && outcome === 'cut'; retry++) outcome = await probe(portal.url);
      outcomes.push(outcome);
      if (replaced()) extra++;
      await new Promise((r) => setTimeout(r, 50));
      expect(outcomes.length, 'the replacement never listened').toBeLessThan(2_000);
    }
    expect(refused).toBe(0);
    expect(outcomes.filter((o) => o !== 404)).toEqual([]);
    expect(outcomes.length).toBeGreaterThan(5);
    expect(workerPids(supervisorPid)).toHaveLength(2);
    expect(workerPids(supervisorPid)).not.toContain(victim);
  }, 120_000);
});
