// One portal per DATA_DIR: a live owner refuses a second start; an owner that died (kill -9), or a
// pid the kernel has since reused, is stale and taken over.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  acquireDataDirLock,
  DataDirInUseError,
  readOwner,
} from '../../../src/server/db/embeddedServer/dataDirLock';
import { readProcess } from '../../../src/server/db/embeddedServer/processInfo';

const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
const ownerFile = path.join(dir, 'pg-owner.json');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeRecord(pid: number, startTime: number) {
  writeFileSync(ownerFile, JSON.stringify({ pid, startTime, port: 5 }));
}

describe('the DATA_DIR lock', () => {
  it('refuses while the recorded process lives, and is taken over once it is gone', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    await new Promise((r) => other.once('spawn', r));
    const info = readProcess(other.pid!)!;
    writeRecord(other.pid!, info.startTime);
    expect(() => acquireDataDirLock(ownerFile)).toThrow(DataDirInUseError);
    expect(() => acquireDataDirLock(ownerFile)).toThrow(
      `in use by another running portal (process ${other.pid})`,
    );

    other.kill('SIGKILL');
    await new Promise((r) => other.once('exit', r));
    const lock = acquireDataDirLock(ownerFile);
    expect(readOwner(ownerFile)).toMatchObject({ pid: process.pid, port: 0 });
    lock.setPort(4321);
    expect(readOwner(ownerFile)?.port).toBe(4321);
    lock.release();
    expect(existsSync(ownerFile)).toBe(false);
  });

  it('treats a live pid with another start time as a reused pid, not an owner', () => {
    const me = readProcess(process.ppid)!;
    writeRecord(process.ppid, me.startTime + 1);
    const lock = acquireDataDirLock(ownerFile);
    expect(readOwner(ownerFile)?.pid).toBe(process.pid);
    lock.release();
  });

  it('release() leaves a record that is not ours alone', () => {
    const lock = acquireDataDirLock(ownerFile);
    writeRecord(process.ppid, readProcess(process.ppid)!.startTime);
    lock.release();
    expect(readOwner(ownerFile)?.pid).toBe(process.ppid);
    rmSync(ownerFile);
  });
});
