// Where the bytes of stored files live (issue 18 §2): one interface, two drivers. `local` keeps them
// under DATA_DIR/files (localStore.ts, the default); `s3` in an S3-compatible bucket (s3Store.ts).
// Rows in stored_files stay in PostgreSQL either way; a row's storage_key names its object.
//
// Both drivers receive an upload into a local temp folder first: it is counted, typed, re-encoded
// (sharp) or parsed (pdf-lib) there, and only a complete, accepted file is put in the store.
import type { Readable } from 'node:stream';

export type StorageDriver = 'local' | 's3';

/** A storage key is ours (40 hex characters) or not a key: it never carries a separator. */
export const STORAGE_KEY = /^[0-9a-f]{40}$/;

export function checkedKey(key: string): string {
  if (!STORAGE_KEY.test(key)) throw new Error('malformed storage key');
  return key;
}

export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

/** A file on this machine holding an object's bytes; `release` removes it when it is a copy. */
export interface LocalFile {
  path: string;
  release(): Promise<void>;
}

export interface ObjectStore {
  readonly driver: StorageDriver;
  /** Uploads being received and checked, on this machine with both drivers; never read back. */
  readonly tmpDir: string;
  /**
   * Stores the complete temp file at `tmpPath` under `key` (a rename, or a streamed multipart
   * upload). The temp file is gone afterwards whether it worked or not; on failure no object is left.
   */
  putFile(key: string, tmpPath: string, contentType: string): Promise<void>;
  /** The stored bytes as a stream; null when there is no such object. */
  read(key: string): Promise<Readable | null>;
  /** Removes the object; nothing happens when it is already gone. */
  remove(key: string): Promise<void>;
  /** Every stored object (storage keys only), for the sweep of objects no row points at. */
  list(): AsyncIterable<StoredObject>;
  /** The object as a file on this machine, for code that reads paths (the face engine). */
  localFile(key: string): Promise<LocalFile>;
}
