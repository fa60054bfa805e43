// `app.storage`: stored files, their bytes in the object store chosen by config (STORAGE: local disk
// under DATA_DIR/files, or an S3 bucket; storage/objectStore.ts) and their rows. Routes never touch
// the store or the table directly; they call these.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { StoredFile } from '../db/schema/files';
import { drainUnreadBody } from '../storage/drainUnreadBody';
import { openFile, removeFile, type OpenedFile } from '../storage/fileStore';
import { localStore } from '../storage/localStore';
import type { LocalFile, ObjectStore } from '../storage/objectStore';
import {
  receiveUpload,
  saveUpload,
  type ReceivedUpload,
  type StorageDirs,
  type UploadInput,
  type UploadOwner,
} from '../storage/saveUpload';
import type { DbOrTx } from '../types';

export interface Storage {
  /** The local folders: the local driver's files; with S3 only the temp folder is used. */
  dir: string;
  dirs: StorageDirs;
  /** Where the bytes are (local disk or S3). */
  store: ObjectStore;
  /** Stream, check, store and record one upload (`tx`: record it in the caller's transaction). */
  saveUpload(input: UploadInput, owner: UploadOwner & { tx?: DbOrTx }): Promise<StoredFile>;
  /** The first half of saveUpload, for a route that learns the owner or kind after the file part. */
  receiveUpload(input: UploadInput): Promise<ReceivedUpload>;
  /** A live file's row and a way to read its bytes; null when unknown, deleted or not an id. */
  open(id: string): Promise<OpenedFile | null>;
  /** Soft-deletes the row and removes the bytes; false when there was nothing to remove. */
  remove(id: string): Promise<boolean>;
  /** Runs `use` with the objects as files on this machine (copies with S3, removed afterwards). */
  withLocalFiles<T>(keys: readonly string[], use: (files: readonly string[]) => Promise<T>): Promise<T>;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export function storageDirs(dataDir: string): StorageDirs {
  const filesDir = path.join(dataDir, 'files');
  return { filesDir, tmpDir: path.join(filesDir, 'tmp') };
}

async function withLocalFiles<T>(
  store: ObjectStore,
  keys: readonly string[],
  use: (files: readonly string[]) => Promise<T>,
): Promise<T> {
  const files: LocalFile[] = [];
  try {
    for (const key of keys) files.push(await store.localFile(key));
    return await use(files.map((f) => f.path));
  } finally {
    await Promise.all(files.map((f) => f.release()));
  }
}

export const storagePlugin = fp(
  async (app: FastifyInstance) => {
    const dirs = storageDirs(app.config.dataDir);
    // Owner-only: the documents are personal data and nothing else on the machine needs them.
    await mkdir(dirs.tmpDir, { recursive: true, mode: 0o700 });
    const settings = app.config.storage;
    let store: ObjectStore;
    if (settings.driver === 's3') {
      // Loaded only here: the AWS SDK is ~15 MB of every idle worker that stores on local disk (issue 31 §1).
      const { s3Store } = await import('../storage/s3Store');
      const s3 = s3Store(settings.s3, dirs.tmpDir);
      app.addHook('onClose', async () => s3.close());
      store = s3;
    } else {
      store = localStore(dirs);
    }
    const storage: Storage = {
      dir: dirs.filesDir,
      dirs,
      store,
      saveUpload: (input, owner) =>
        saveUpload({ store, db: app.db, now: () => app.clock.now() }, input, owner),
      receiveUpload: (input) => receiveUpload(store, input),
      open: (id) => openFile(app.db, store, id),
      remove: (id) => removeFile(app.db, store, id, app.clock.now()),
      withLocalFiles: (keys, use) => withLocalFiles(store, keys, use),
    };
    app.decorate('storage', storage);
    app.addHook('onResponse', drainUnreadBody);
  },
  { name: 'storage' },
);
