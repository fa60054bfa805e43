// Where the engine socket lives (issue 31 §1): in DATA_DIR, which is the machine's own disk and
// private to the portal, named by the supervisor's pid, so two supervisors given one DATA_DIR never
// take each other's socket; when that path is too long for a Unix socket (108 bytes on Linux, e.g. a
// deep temp dir in tests), in the OS temp dir. Sockets left by a supervisor that was killed are
// removed by the next one (removeStaleSockets).
import { readdirSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The path the engine process listens on (its environment; the workers' is ENGINE_SOCKET_ENV). */
export const ENGINE_SOCKET_PATH_ENV = 'PORTAL_ENGINE_LISTEN';
const MAX_SOCKET_PATH = 100;

export function engineSocketPath(dataDir: string, supervisorPid = process.pid): string {
  const inData = path.resolve(dataDir, `engine-${supervisorPid}.sock`);
  return inData.length <= MAX_SOCKET_PATH
    ? inData
    : path.join(os.tmpdir(), `portal-engine-${supervisorPid}.sock`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes engine sockets in `dir` whose supervisor is gone (a kill -9 leaves its socket file). */
export function removeStaleSockets(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const match = /^(?:portal-)?engine-(\d+)\.sock$/.exec(name);
    if (!match || alive(Number(match[1]))) continue;
    try {
      unlinkSync(path.join(dir, name));
    } catch {
      // removed meanwhile
    }
  }
}
