// The storage tests run on both drivers (issue 18 §2): the local disk and S3 (s3rver started here).
// What "nothing left behind" counts, whichever driver: every file under DATA_DIR/files (the local
// driver's objects and both drivers' temp files) and, with S3, every object in the bucket.
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../../src/server/config';
import type { StorageDriver } from '../../../src/server/storage/objectStore';
import { startS3Server } from '../../support/s3Server';
import { filesUnder } from './support';

export const STORAGE_DRIVERS: readonly StorageDriver[] = ['local', 's3'];

export interface DriverWorld {
  /** For createTestApp. */
  overrides: Partial<AppConfig>;
  close(): Promise<void>;
}

export async function driverWorld(driver: StorageDriver): Promise<DriverWorld> {
  if (driver === 'local') return { overrides: {}, close: async () => {} };
  const s3 = await startS3Server();
  return { overrides: { storage: s3.storage() }, close: () => s3.close() };
}

/** The stored objects' keys. */
export async function storedKeys(app: FastifyInstance): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of app.storage.store.list()) keys.push(object.key);
  return keys.sort();
}

/** Everything kept: local files (relative to DATA_DIR/files) and, with S3, `s3:<key>` per object. */
export async function keptNames(app: FastifyInstance): Promise<string[]> {
  const local = filesUnder(app.storage.dir).map((f) => path.relative(app.storage.dir, f));
  const objects = app.storage.store.driver === 's3' ? (await storedKeys(app)).map((k) => `s3:${k}`) : [];
  return [...local, ...objects].sort();
}

/** An object's bytes, or null when it is not stored. */
export async function storedBytes(app: FastifyInstance, key: string): Promise<Buffer | null> {
  const stream: Readable | null = await app.storage.store.read(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
