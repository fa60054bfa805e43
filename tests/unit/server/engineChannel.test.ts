// The engine channel (issue 31 §1): the engine process's server and two workers' clients over a real
// Unix socket, with a stand-in face worker that holds each check until released. The face bound is
// the machine's: with 1 thread + 1 waiting, two checks from two workers fill it and a third from
// either is refused at once (busy); a worker's EnginePool turns that, and an engine that is gone,
// into FaceEngineBusyError; puzzles and document reads come from the engine, and puzzles are drawn
// in the worker when it is gone.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineBusyError, EngineClient, EngineUnavailableError } from '../../../src/server/engine/client';
import { ENGINE_SOCKET_ENV } from '../../../src/server/engine/protocol';
import { startEngineServer, type EngineServer } from '../../../src/server/engine/server';
import { createRemotePuzzleSource } from '../../../src/server/security/captcha/puzzleSource';
import { FaceEngineBusyError } from '../../../src/server/services/verification/face/busyError';
import { DEFAULT_FACE_ENGINE_CONFIG } from '../../../src/server/services/verification/face/engineConfig';
import { EnginePool } from '../../../src/server/services/verification/face/enginePool';
import { png } from '../../fixtures/files/samples';

const stub = new URL('../../support/faceStubWorker.ts', import.meta.url).href;
const readerStub = new URL('../../support/readerStubWorker.ts', import.meta.url).href;
const quiet = { info: () => undefined, warn: () => undefined };
let dir: string;
let frame: string;
let socketPath: string;
let engine: EngineServer | undefined;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'engine-channel-'));
  frame = path.join(dir, 'frame.png');
  socketPath = path.join(dir, 'engine.sock');
  await writeFile(frame, png(300, 300));
  engine = await startEngineServer(
    { env: 'test', face: { ...DEFAULT_FACE_ENGINE_CONFIG, workers: 1, queue: 1 } },
    socketPath,
    quiet,
    { faceWorker: stub, readerWorker: readerStub },
  );
});
afterAll(async () => {
  await engine?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the engine channel', { timeout: 60_000 }, () => {
  it('holds the face bound for the machine, across workers, and answers busy beyond it', async () => {
    const workerA = new EngineClient(socketPath);
    const workerB = new EngineClient(socketPath);
    const first = workerA.call('face', { paths: [frame] });
    const second = workerB.call('face', { paths: [frame] });
    // Both reach the engine before the third is asked (one thread runs, one waits).
    await expect.poll(() => engine!.face.inFlight).toBe(2);
    await expect(workerA.call('face', { paths: [frame] })).rejects.toBeInstanceOf(EngineBusyError);
    await expect(workerB.call('face', { paths: [frame] })).rejects.toBeInstanceOf(EngineBusyError);

    // A worker's EnginePool over the channel: the machine's "busy" is its FaceEngineBusyError.
    process.env[ENGINE_SOCKET_ENV] = socketPath;
    const pool = new EnginePool({ workers: 4, queue: 4 });
    await expect(pool.run({ paths: [frame] })).rejects.toBeInstanceOf(FaceEngineBusyError);

    await writeFile(path.join(dir, 'release'), '');
    await expect(first).resolves.toMatchObject({ engineVersion: 'stub' });
    await expect(second).resolves.toMatchObject({ engineVersion: 'stub' });
    expect(engine!.face.inFlight).toBe(0);
    await expect(pool.run({ paths: [frame] })).resolves.toMatchObject({ engineVersion: 'stub' });

    // Puzzles come from the engine process.
    const puzzles = createRemotePuzzleSource(workerA);
    const puzzle = await puzzles.next();
    expect(puzzle.background.length).toBeGreaterThan(100);
    expect(puzzles.threadAlive).toBe(true);

    // A document's bytes cross whole to the engine's reader thread.
    const bytes = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 7) % 251);
    const sum = bytes.reduce((a, b) => a + b, 0);
    const read = await workerB.call('read', {
      bytes,
      contentType: 'image/png',
      kind: 'idCard',
      today: '2026-01-01',
    });
    expect(read).toMatchObject({ engine: 'stub', reading: { length: bytes.length, sum, kind: 'idCard' } });

    // The engine gone: calls fail at once as unavailable, the pool says busy, puzzles are drawn here.
    await engine!.close();
    engine = undefined;
    await expect(workerB.call('face', { paths: [frame] })).rejects.toBeInstanceOf(EngineUnavailableError);
    await expect(pool.run({ paths: [frame] })).rejects.toBeInstanceOf(FaceEngineBusyError);
    const drawnHere = await puzzles.next();
    expect(drawnHere.background).not.toBe(puzzle.background);
    expect(puzzles.threadAlive).toBe(false);
    delete process.env[ENGINE_SOCKET_ENV];
  });
});
