// The engine process's service (issue 31 §1): the machine's one face engine pool, puzzle thread and
// document reader pool, behind a Unix socket that every HTTP worker of the machine connects to.
// The face bound (threads + queue) is held here, so it is the machine's, whatever the number of
// workers: one check beyond it is answered `busy` at once. Pools start lazily, as they did in each
// worker (the face engine at warm-up or the first check, the reader at the first document).
import { existsSync, mkdirSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import type { AppConfig } from '../config';
import type { LineLogger } from '../observability/logger';
import { EnginePool } from '../services/verification/face/enginePool';
import { FaceEngineBusyError } from '../services/verification/face/busyError';
import { createPuzzleSource, PUZZLES_AHEAD, PUZZLES_AHEAD_IN_TESTS } from '../security/captcha/puzzleSource';
import { ReaderPool } from '../services/documents/readerPool';
import { encodeFrame, frameReader } from './wire';
import type { EngineHello, EngineOps, EngineReply, EngineRequest } from './protocol';

/** Reader threads of the machine: each is a whole OCR engine (~0.5–1 GB while it reads). */
const READER_THREADS = 1;

export interface EngineServer {
  face: EnginePool;
  /** Loads the face models and draws the puzzles ahead (outside tests, right after start). */
  warm(): Promise<void>;
  close(): Promise<void>;
}

type Handlers = { [K in keyof EngineOps]: (task: EngineOps[K]['task']) => Promise<EngineOps[K]['answer']> };

export async function startEngineServer(
  config: Pick<AppConfig, 'env' | 'face'> & Partial<Pick<AppConfig, 'documentOcrEngine'>>,
  socketPath: string,
  log: Pick<LineLogger, 'info' | 'warn'>,
  /** Tests: stand-in thread modules (tests/support/faceStubWorker.ts, readerStubWorker.ts). */
  options: { faceWorker?: string; readerWorker?: string } = {},
): Promise<EngineServer> {
  // The pools in this process are the in-thread ones: no engine socket in this process's environment.
  const face = new EnginePool({
    workers: config.face.workers,
    queue: config.face.queue,
    ...(options.faceWorker ? { filename: options.faceWorker } : {}),
  });
  // Drawn on this process's own loop (~10 ms each), which serves no HTTP: no thread of its own
  // (an isolate with its transform, ~40 MB) is needed here.
  const puzzles = createPuzzleSource({
    ahead: config.env === 'test' ? PUZZLES_AHEAD_IN_TESTS : PUZZLES_AHEAD,
    thread: false,
  });
  const reader = new ReaderPool(READER_THREADS, {
    ...(options.readerWorker ? { filename: options.readerWorker } : {}),
    ...(config.documentOcrEngine ? { engine: config.documentOcrEngine } : {}),
  });

  const handlers: Handlers = {
    async face(task) {
      const place = face.admit(); // throws FaceEngineBusyError when the machine's bound is full
      try {
        return await face.run(task);
      } finally {
        place.release();
      }
    },
    faceWarm: async () => {
      await face.warm();
      return null;
    },
    puzzle: () => puzzles.next(),
    read: (task) => reader.read(task),
    readWarm: () => reader.warm(),
  };

  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    const answer = (reply: EngineReply) => {
      if (!socket.destroyed) socket.write(encodeFrame(reply));
    };
    const read = frameReader((message) => {
      if ((message as EngineHello).hello) {
        log.info({ ...(message as EngineHello).hello }, 'engine client connected');
        return;
      }
      const request = message as EngineRequest;
      const handler = handlers[request.op] as ((task: unknown) => Promise<unknown>) | undefined;
      if (!handler) {
        answer({
          id: request.id,
          ok: false,
          busy: false,
          name: 'Error',
          message: `unknown op ${request.op}`,
        });
        return;
      }
      handler(request.task).then(
        (value) => answer({ id: request.id, ok: true, value }),
        (error: unknown) => {
          const e = error instanceof Error ? error : new Error(String(error));
          answer({
            id: request.id,
            ok: false,
            busy: e instanceof FaceEngineBusyError,
            name: e.name,
            message: e.message,
          });
        },
      );
    });
    socket.on('data', (chunk: Buffer) => {
      try {
        read(chunk);
      } catch (error) {
        log.warn({ err: String(error) }, 'engine client sent a broken frame');
        socket.destroy();
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });

  // DATA_DIR may not exist yet (an external database: nothing else made it before the workers).
  mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  // A socket file left by an engine that was killed is stale: the path is this supervisor's alone.
  if (existsSync(socketPath)) unlinkSync(socketPath);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    face,
    async warm() {
      puzzles.warm();
      await face.warm();
    },
    async close() {
      server.close();
      for (const socket of sockets) socket.destroy();
      await Promise.allSettled([face.close(), puzzles.stop(), reader.close()]);
    },
  };
}
