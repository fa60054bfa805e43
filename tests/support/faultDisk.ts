// A disk the fault test can fill: a real, size-limited tmpfs mounted for the test (root only), so a
// write runs out of space exactly as on a full production disk (ENOSPC from the kernel, mid-file).
// fill() takes all but a little of its space with a filler file, as logs or backups would; free()
// gives it back.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface SmallDisk {
  /** The mount point: use it (or a folder in it) as DATA_DIR. */
  dir: string;
  /** Fills the disk until only `leaveBytes` (rounded to its blocks) are free. */
  fill(leaveBytes: number): Promise<void>;
  /** Removes the filler. */
  free(): Promise<void>;
  freeBytes(): number;
  unmount(): Promise<void>;
}

export async function mountSmallDisk(sizeBytes: number): Promise<SmallDisk> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-fault-disk-'));
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes},mode=0700`, 'tmpfs', dir]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(
      'This test mounts a small tmpfs to fill it, which needs root (CAP_SYS_ADMIN); `mount` refused: ' +
        (error instanceof Error ? error.message : String(error)),
      { cause: error },
    );
  }
  const filler = path.join(dir, 'filler');
  const freeBytes = () => {
    const s = statfsSync(dir);
    return s.bavail * s.bsize;
  };
  return {
    dir,
    freeBytes,
    async fill(leaveBytes) {
      const handle = await open(filler, 'a');
      try {
        const chunk = Buffer.alloc(64 * 1024, 0x5a);
        for (let room = freeBytes() - leaveBytes; room > 0; room = freeBytes() - leaveBytes) {
          await handle.write(chunk, 0, Math.min(chunk.length, room));
        }
      } finally {
        await handle.close();
      }
    },
    free: () => rm(filler, { force: true }),
    async unmount() {
      await run('umount', ['-l', dir]).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
