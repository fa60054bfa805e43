// An HTTP worker's side of the engine channel (issue 31 §1): one Unix-socket connection to the
// machine's engine process, opened at the first call, many requests in flight on it (numbered).
// When the engine is down or restarting, a call fails at once with EngineUnavailableError (the
// socket is missing or refuses, or the connection closes under pending calls); the next call tries
// to connect again, so nothing here waits for the supervisor's restart. The socket is unref'd: a
// draining worker never waits for it.
import net from 'node:net';
import { encodeFrame, frameReader } from './wire';
import { ENGINE_SOCKET_ENV, type EngineOp, type EngineOps, type EngineReply } from './protocol';

/** The engine process is not there (down, restarting, or the channel broke): try again later. */
export class EngineUnavailableError extends Error {
  constructor(message = 'the engine process is unavailable') {
    super(message);
    this.name = 'EngineUnavailableError';
  }
}

/** The engine refused the task because the machine's bound (threads + queue) is full. */
export class EngineBusyError extends Error {
  constructor(message = 'the engine is busy') {
    super(message);
    this.name = 'EngineBusyError';
  }
}

/** A task the engine ran and that failed there (its error's name and message, nothing more). */
export class EngineTaskError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

export class EngineClient {
  private socket: net.Socket | null = null;
  private connecting: Promise<net.Socket> | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(readonly socketPath: string) {}

  /** Whether a connection is open now (tests, the bench). */
  get connected(): boolean {
    return this.socket !== null;
  }

  async call<K extends EngineOp>(op: K, task: EngineOps[K]['task']): Promise<EngineOps[K]['answer']> {
    const socket = await this.connect();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      socket.write(encodeFrame({ id, op, task }));
    });
  }

  private connect(): Promise<net.Socket> {
    if (this.socket) return Promise.resolve(this.socket);
    this.connecting ??= new Promise<net.Socket>((resolve, reject) => {
      const socket = net.createConnection(this.socketPath);
      socket.unref();
      let open = false;
      socket.once('connect', () => {
        open = true;
        this.socket = socket;
        this.connecting = null;
        socket.write(encodeFrame({ hello: { worker: process.env.PORTAL_WORKER ?? '', pid: process.pid } }));
        resolve(socket);
      });
      const read = frameReader((message) => this.settle(message as EngineReply));
      socket.on('data', (chunk: Buffer) => {
        try {
          read(chunk);
        } catch (error) {
          socket.destroy(error as Error);
        }
      });
      socket.on('error', () => undefined); // 'close' follows and does the work
      socket.once('close', () => {
        this.socket = null;
        this.connecting = null;
        if (!open) reject(new EngineUnavailableError());
        const lost = [...this.pending.values()];
        this.pending.clear();
        for (const waiting of lost)
          waiting.reject(new EngineUnavailableError('the engine process went away'));
      });
    });
    return this.connecting;
  }

  private settle(reply: EngineReply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.value);
    else if (reply.busy) waiting.reject(new EngineBusyError(reply.message));
    else waiting.reject(new EngineTaskError(reply.name, reply.message));
  }

  close(): void {
    this.socket?.destroy();
  }
}

let shared: EngineClient | undefined;

/**
 * The process's engine client when the supervisor runs an engine process (it puts the socket's path
 * in the workers' environment); null otherwise — tests and apps built in-process keep their own
 * pools in threads. Read when a pool is made, so the one process-wide connection follows the path.
 */
export function engineClient(): EngineClient | null {
  const socketPath = process.env[ENGINE_SOCKET_ENV];
  if (!socketPath) return null;
  if (shared?.socketPath !== socketPath) shared = new EngineClient(socketPath);
  return shared;
}

/** Whether an error means "the engine cannot take this now": down, restarting or full. */
export function isEngineBusy(error: unknown): boolean {
  return error instanceof EngineUnavailableError || error instanceof EngineBusyError;
}
