// `app.storage`: the files on disk under DATA_DIR/files and their rows. Routes never touch the
// folder or the table directly; they call these.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { StoredFile } from '../db/schema/files';
import { drainUnreadBody } from '../storage/drainUnreadBody';
import { openFile, removeFile, type OpenedFile } from '../storage/fileStore';
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
  dir: string;
  dirs: StorageDirs;
  /** Stream, check, store and record one upload (`tx`: record it in the caller's transaction). */
  saveUpload(input: UploadInput, owner: UploadOwner & { tx?: DbOrTx }): Promise<StoredFile>;
  /** The first half of saveUpload, for a route that learns the owner or kind after the file part. */
  receiveUpload(input: UploadInput): Promise<ReceivedUpload>;
  /** A live file's row and a way to read its bytes; null when unknown, deleted or not an id. */
  open(id: string): Promise<OpenedFile | null>;
  /** Soft-deletes the row and removes the bytes; false when there was nothing to remove. */
  remove(id: string): Promise<boolean>;
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

export const storagePlugin = fp(
  async (app: FastifyInstance) => {
    const dirs = storageDirs(app.config.dataDir);
    // Owner-only: the documents are personal data and nothing else on the machine needs them.
    await mkdir(dirs.tmpDir, { recursive: true, mode: 0o700 });
    const storage: Storage = {
      dir: dirs.filesDir,
      dirs,
      saveUpload: (input, owner) =>
        saveUpload({ dirs, db: app.db, now: () => app.clock.now() }, input, owner),
      receiveUpload: (input) => receiveUpload(dirs, input),
      open: (id) => openFile(app.db, dirs, id),
      remove: (id) => removeFile(app.db, dirs, id, app.clock.now()),
    };
    app.decorate('storage', storage);
    app.addHook('onResponse', drainUnreadBody);
  },
  { name: 'storage' },
);
