// Where the engine socket lives (issue 31 §1): in DATA_DIR, which is the machine's own disk and
// private to the portal; when that path is too long for a Unix socket (108 bytes on Linux, e.g. a
// deep temp dir in tests), in the OS temp dir under a name unique to the supervisor.
import os from 'node:os';
import path from 'node:path';

/** The path the engine process listens on (its environment; the workers' is ENGINE_SOCKET_ENV). */
export const ENGINE_SOCKET_PATH_ENV = 'PORTAL_ENGINE_LISTEN';
const MAX_SOCKET_PATH = 100;

export function engineSocketPath(dataDir: string, supervisorPid = process.pid): string {
  const inData = path.resolve(dataDir, 'engine.sock');
  return inData.length <= MAX_SOCKET_PATH
    ? inData
    : path.join(os.tmpdir(), `portal-engine-${supervisorPid}.sock`);
}
