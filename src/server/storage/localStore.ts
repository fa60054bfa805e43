// The local-disk driver (the default): each object is a file named by its key in DATA_DIR/files,
// uploads in progress in DATA_DIR/files/tmp. What ran before issue 18, behind the ObjectStore interface.
import { open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { checkedKey, STORAGE_KEY, type ObjectStore, type StoredObject } from './objectStore';

export interface StorageDirs {
  /** Accepted files, each under its random storage key. */
  filesDir: string;
  /** Uploads in progress; never read back. */
  tmpDir: string;
}

export function localStore(dirs: StorageDirs): ObjectStore {
  const pathOf = (key: string) => path.join(dirs.filesDir, checkedKey(key));
  return {
    driver: 'local',
    tmpDir: dirs.tmpDir,
    async putFile(key, tmpPath) {
      try {
        await rename(tmpPath, pathOf(key));
      } catch (error) {
        await rm(tmpPath, { force: true });
        throw error;
      }
    },
    async read(key): Promise<Readable | null> {
      const handle = await open(pathOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      return handle ? handle.createReadStream() : null;
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async *list(): AsyncIterable<StoredObject> {
      for (const name of await readdir(dirs.filesDir)) {
        if (!STORAGE_KEY.test(name)) continue;
        const info = await stat(path.join(dirs.filesDir, name)).catch(() => null);
        if (info?.isFile()) yield { key: name, modifiedAt: info.mtime };
      }
    },
    // The stored file itself: nothing to copy, nothing to remove afterwards.
    localFile: async (key) => ({ path: pathOf(key), release: async () => {} }),
  };
}
