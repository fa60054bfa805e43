// Runs the postmaster ourselves rather than through EmbeddedPostgres#start(), because that method
// (a) rejects with `undefined` when postgres exits early, (b) spawns postgres in our process group,
// so a Ctrl-C in the terminal stops the database while the HTTP server is still draining, and
// (c) its stop() waits forever for an 'exit' that already happened. Here postgres gets its own
// process group, a failed start names postgres' own log line, and stop() is bounded.
import { spawn, type ChildProcess } from 'node:child_process';
import type { OsUser } from './osUser';
import { RecentLog } from './recentLog';

const READY = 'database system is ready to accept connections';
const FAST_SHUTDOWN_MS = 30_000;
const IMMEDIATE_SHUTDOWN_MS = 10_000;

export class PostgresStartError extends Error {
  constructor(
    message: string,
    readonly portInUse: boolean,
  ) {
    super(message);
    this.name = 'PostgresStartError';
  }
}

export interface PostgresProcess {
  pid: number;
  /** Fast shutdown (SIGINT), then immediate (SIGQUIT) if it lingers. Safe to call twice. */
  stop(): Promise<void>;
  /** True until the process has exited. */
  running(): boolean;
}

export interface SpawnPostgresOptions {
  postgresBin: string;
  clusterDir: string;
  port: number;
  /** Settings passed as `-c name=value`. */
  settings: Record<string, string>;
  /** Set when the app runs as root. */
  osUser: OsUser | null;
  log: (line: string) => void;
  startTimeoutMs?: number;
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export function spawnPostgres(options: SpawnPostgresOptions): Promise<PostgresProcess> {
  const args = ['-D', options.clusterDir, '-p', String(options.port)];
  for (const [name, value] of Object.entries(options.settings)) args.push('-c', `${name}=${value}`);
  const recent = new RecentLog(options.log);
  const child = spawn(options.postgresBin, args, {
    ...(options.osUser ? { uid: options.osUser.uid, gid: options.osUser.gid } : {}),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // English messages whatever the host locale: we recognise "ready" and report errors by text.
    env: { ...process.env, LC_MESSAGES: 'C', LC_ALL: 'C' },
  });
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => recent.add(chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => recent.add(chunk));

  const handle: PostgresProcess = {
    pid: child.pid ?? -1,
    running: () => !exited(child),
    stop: async () => {
      if (exited(child)) return;
      child.kill('SIGINT');
      if (await waitForExit(child, FAST_SHUTDOWN_MS)) return;
      child.kill('SIGQUIT');
      await waitForExit(child, IMMEDIATE_SHUTDOWN_MS);
    },
  };

  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => {
      void handle.stop();
      fail(`PostgreSQL did not become ready within ${(options.startTimeoutMs ?? 60_000) / 1000} s`);
    }, options.startTimeoutMs ?? 60_000);
    const onData = (chunk: string) => {
      // Keep a short window so a line split across chunks is still recognised.
      seen = (seen + chunk).slice(-500);
      if (seen.includes(READY)) {
        clearTimeout(timer);
        child.stderr?.off('data', onData);
        child.off('close', onClose);
        child.off('error', onError);
        resolve(handle);
      }
    };
    const fail = (reason: string) => {
      const problem = recent.problem();
      const portInUse = recent.tail(20).some((l) => /could not bind|Address already in use/i.test(l));
      reject(new PostgresStartError(`${reason}${problem ? `: ${problem}` : ''}`, portInUse));
    };
    // 'close', not 'exit': by then every line postgres wrote has been read.
    const onClose = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      fail(`PostgreSQL exited during start (code ${code ?? 'none'}, signal ${signal ?? 'none'})`);
    };
    const onError = (error: Error) => {
      clearTimeout(timer);
      reject(new PostgresStartError(`PostgreSQL could not be started: ${error.message}`, false));
    };
    child.stderr?.on('data', onData);
    child.once('close', onClose);
    child.once('error', onError);
  });
}
