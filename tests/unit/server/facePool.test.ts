// The face engine's pool is bounded (issue 16 §2): `workers` checks run, `queue` wait, and one more
// is refused at once with FaceEngineBusyError — nothing queues beyond the bound, and a place is
// given back when a check ends, however it ends. A stub worker holds each check until released.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FaceEngineBusyError,
  type FaceVerificationInput,
} from '../../../src/server/services/verification/faceProvider';
import { EnginePool } from '../../../src/server/services/verification/face/enginePool';
import { createHumanFaceProvider } from '../../../src/server/services/verification/face/humanProvider';
import { png } from '../../fixtures/files/samples';

const stub = new URL('../../support/faceStubWorker.ts', import.meta.url).href;
let dir: string;
let frame: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'face-pool-'));
  frame = path.join(dir, 'frame.png');
  await writeFile(frame, png(300, 300));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const input = (): FaceVerificationInput => ({
  sessionId: 's',
  consentAt: new Date(),
  frames: [{ path: frame, contentType: 'image/png' }],
  source: 'camera',
  challenge: null,
  reference: null,
});

describe('the face engine pool', { timeout: 60_000 }, () => {
  it('runs workers + queue checks, refuses the next at once, and takes checks again once they end', async () => {
    const provider = createHumanFaceProvider({ face: { workers: 1, queue: 1 }, engineWorker: stub });
    try {
      const first = provider.verify(input());
      const second = provider.verify(input());
      expect(provider.pool.inFlight).toBe(2);
      const started = Date.now();
      await expect(provider.verify(input())).rejects.toBeInstanceOf(FaceEngineBusyError);
      expect(Date.now() - started).toBeLessThan(1000); // refused, not queued behind the held checks
      expect(provider.pool.inFlight).toBe(2);

      await writeFile(path.join(dir, 'release'), '');
      await expect(first).resolves.toMatchObject({ outcome: 'failed', engine: { name: 'human' } });
      await expect(second).resolves.toMatchObject({ outcome: 'failed' });
      expect(provider.pool.inFlight).toBe(0);
      await expect(provider.verify(input())).resolves.toMatchObject({ outcome: 'failed' });
    } finally {
      await rm(path.join(dir, 'release'), { force: true });
      await provider.close();
    }
  });

  it('a check refused before the engine (no consent) gives its place back', async () => {
    const provider = createHumanFaceProvider({ face: { workers: 1, queue: 0 }, engineWorker: stub });
    try {
      await expect(provider.verify({ ...input(), consentAt: null })).resolves.toMatchObject({
        reason: 'consentMissing',
      });
      expect(provider.pool.inFlight).toBe(0);
      expect(provider.pool.started).toBe(false); // nothing reached the engine, so no thread started
    } finally {
      await provider.close();
    }
  });

  it('is lazy: creating a provider starts no thread and loads no model', async () => {
    const pool = new EnginePool({ workers: 2, queue: 2 });
    expect(pool.started).toBe(false);
    await pool.close();
    const provider = createHumanFaceProvider({});
    expect(provider.pool.started).toBe(false);
    await provider.close();
  });

  it('admission is exact under a burst: never more than workers + queue places', () => {
    const pool = new EnginePool({ workers: 2, queue: 3 });
    const places = Array.from({ length: 5 }, () => pool.admit());
    expect(() => pool.admit()).toThrow(FaceEngineBusyError);
    places[0]!.release();
    places[0]!.release(); // a second release changes nothing
    expect(pool.inFlight).toBe(4);
    const again = pool.admit();
    expect(() => pool.admit()).toThrow(FaceEngineBusyError);
    for (const p of [...places, again]) p.release();
    expect(pool.inFlight).toBe(0);
  });
});
