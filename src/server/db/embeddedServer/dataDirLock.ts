// One portal per DATA_DIR. The first start writes pg-owner.json (its pid, the pid's start time, and
// the port once postgres is up) and keeps it until it stops; a second start while that process lives
// is refused, so it can neither stop the running postgres nor initdb beside it. A record whose
// process is gone (kill -9) is stale and simply taken over.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readProcess } from './processInfo';

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another running portal (process ${ownerPid}). ` +
        `Stop that one first, or give this one its own DATA_DIR.`,
    );
    this.name = 'DataDirInUseError';
  }
}

export interface OwnerRecord {
  pid: number;
  startTime: number;
  /** 0 until postgres is ready. */
  port: number;
}

export function readOwner(ownerFile: string): OwnerRecord | null {
  try {
    const parsed = JSON.parse(readFileSync(ownerFile, 'utf8')) as Partial<OwnerRecord>;
    return typeof parsed.pid === 'number' &&
      typeof parsed.startTime === 'number' &&
      typeof parsed.port === 'number'
      ? { pid: parsed.pid, startTime: parsed.startTime, port: parsed.port }
      : null;
  } catch {
    return null;
  }
}

function ownerAlive(owner: OwnerRecord): boolean {
  const proc = readProcess(owner.pid);
  return proc !== null && proc.startTime === owner.startTime;
}

export interface DataDirLock {
  setPort(port: number): void;
  release(): void;
}

export function acquireDataDirLock(ownerFile: string): DataDirLock {
  const me = readProcess(process.pid);
  if (!me) throw new Error('Cannot read /proc/self: the embedded PostgreSQL needs Linux /proc');
  const record = (port: number): OwnerRecord => ({ pid: process.pid, startTime: me.startTime, port });
  const write = (port: number, flag: 'w' | 'wx') =>
    writeFileSync(ownerFile, JSON.stringify(record(port)) + '\n', { mode: 0o600, flag });

  for (let attempt = 0; ; attempt++) {
    const owner = readOwner(ownerFile);
    if (owner && owner.pid !== process.pid && ownerAlive(owner)) {
      throw new DataDirInUseError(path.dirname(ownerFile), owner.pid);
    }
    // Stale (or unreadable, or ours): remove, then create exclusively so two starters cannot both win.
    if (owner || attempt > 0) rmSync(ownerFile, { force: true });
    try {
      write(0, 'wx');
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 2) throw error;
    }
  }
  let released = false;
  return {
    setPort: (port) => write(port, 'w'),
    release: () => {
      if (released) return;
      released = true;
      if (readOwner(ownerFile)?.pid === process.pid) rmSync(ownerFile, { force: true });
    },
  };
}
