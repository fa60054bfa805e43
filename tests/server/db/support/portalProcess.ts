// Runs `npm start`'s entry (src/server/main.ts) as a real separate process, the way a user or a
// supervisor would, so kill -9 and signals hit exactly what they hit in production. Node with tsx's
// loader in one process (not the npx → tsx → node chain), so the pid we kill is the app itself.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const LISTENING = /Portal listening on (http:\/\/\S+)/;

export interface PortalProcess {
  child: ChildProcess;
  pid: number;
  output(): string;
  /** Resolves with the URL from the listening line; rejects with the output if the process ends first. */
  listening(timeoutMs?: number): Promise<string>;
  exited(timeoutMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startPortal(env: Record<string, string>): PortalProcess {
  const baseEnv: Record<string, string | undefined> = { ...process.env };
  // The harness' variables are not the portal's: unless the test says otherwise, it starts its own
  // embedded server.
  delete baseEnv.DATABASE_URL;
  delete baseEnv.TEST_PG;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: REPO_ROOT,
    // One worker unless the test asks for more (WORKERS defaults to every core): a start costs seconds.
    env: { ...baseEnv, PORT: '0', SERVE_WEB: '0', LOG_LEVEL: 'warn', WORKERS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr?.setEncoding('utf8').on('data', (c: string) => (out += c));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const withTimeout = <T>(p: Promise<T>, ms: number, what: string) =>
    Promise.race([
      p,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`${what} within ${ms} ms. Output:\n${out}`)), ms).unref(),
      ),
    ]);
  return {
    child,
    pid: child.pid ?? -1,
    output: () => out,
    listening: (timeoutMs = 60_000) =>
      withTimeout(
        new Promise<string>((resolve, reject) => {
          const check = () => {
            const m = LISTENING.exec(out);
            if (m?.[1]) {
              child.stdout?.off('data', check);
              resolve(m[1]);
            }
          };
          child.stdout?.on('data', check);
          check();
          void exit.then(({ code, signal }) =>
            reject(
              new Error(
                `The portal exited (code ${code}, signal ${signal}) before listening. Output:\n${out}`,
              ),
            ),
          );
        }),
        timeoutMs,
        'The portal did not print its listening line',
      ),
    exited: (timeoutMs = 60_000) => withTimeout(exit, timeoutMs, 'The portal did not exit'),
  };
}
