// The one way an upload reaches the store (docs/product-rules.md "Uploads"). The bytes stream through a
// checker into a local temp file: counted (10 MB enforced while streaming, never buffered whole),
// hashed, and typed by their first bytes. Any failure removes the partial file and writes no row;
// only a complete, accepted file is put in the object store (objectStore.ts: renamed on local disk,
// streamed to S3) under its random key, and then recorded.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Limits } from '../../contract/limits';
import { storedFiles, type StoredFile } from '../db/schema/files';
import { AppError } from '../errors';
import type { DbOrTx } from '../types';
import { checkContent } from './contentCheck';
import { detectType, SNIFF_BYTES, type AllowedContentType } from './detectType';
import { displayName } from './fileName';
import { isDiskFault } from './multipartErrors';
import type { ObjectStore } from './objectStore';
import {
  dimensionsAcceptable,
  jpegDimensions,
  pngDimensions,
  type Dimensions,
  type ReadAt,
} from './imageDimensions';

/**
 * A @fastify/multipart file part fits as is. `truncated` is busboy's flag: at its fileSize limit it
 * stops the stream without an error, so a part that says truncated is refused whatever we counted.
 */
export interface UploadInput {
  file: Readable & { truncated?: boolean };
  filename?: string | undefined;
}

export type { StorageDirs } from './localStore';

export interface UploadOwner {
  kind: string;
  companyId: string | null;
  uploadedBy: string | null;
}

/** A complete, accepted upload waiting in the temp folder: saved with a row, or discarded. */
export interface ReceivedUpload {
  readonly contentType: AllowedContentType;
  readonly size: number;
  readonly sha256: string;
  readonly originalName: string;
  /** Puts the file in the store under a random key and inserts the row (`db` may be a transaction). */
  save(db: DbOrTx, owner: UploadOwner, now: Date): Promise<StoredFile>;
  discard(): Promise<void>;
}

const refused = () => new AppError('fileTypeNotAllowed', 415);
/** A real image whose declared pixel size no viewer should be asked to decode (a bomb). */
const tooManyPixels = () => new AppError('imageTooLarge', 413);

/** Null when the image may be stored; the refusal otherwise. A 0-pixel side is no image at all. */
function dimensionsProblem(dims: Dimensions | null): AppError | null {
  if (!dims || dims.width === 0 || dims.height === 0) return refused();
  return dimensionsAcceptable(dims) ? null : tooManyPixels();
}

/** Counts, hashes and types the bytes as they pass; fails the stream as soon as a rule breaks. */
class UploadChecker extends Transform {
  bytes = 0;
  contentType: AllowedContentType | null = null;
  private readonly hash = createHash('sha256');
  private head = Buffer.alloc(0);

  constructor(private readonly maxBytes: number) {
    super();
  }

  /** Once, after the stream has ended. */
  digest(): string {
    return this.hash.digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return done(new AppError('fileTooLarge', 413));
    if (this.contentType === null && this.head.length < SNIFF_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, SNIFF_BYTES - this.head.length)]);
      if (this.head.length === SNIFF_BYTES) {
        const problem = this.decideType();
        if (problem) return done(problem);
      }
    }
    this.hash.update(chunk);
    done(null, chunk);
  }

  override _flush(done: TransformCallback) {
    if (this.bytes === 0) return done(new AppError('fileEmpty', 400));
    if (this.contentType === null) return done(this.decideType());
    done();
  }

  private decideType(): AppError | null {
    this.contentType = detectType(this.head);
    if (this.contentType === null) return refused();
    if (this.contentType === 'image/png') {
      const problem = dimensionsProblem(pngDimensions(this.head));
      if (problem) return problem;
    }
    return null;
  }
}

/** Errors of our own rules and of the disk pass through; anything the stream raised is a broken upload. */
function asUploadError(error: unknown): unknown {
  if (error instanceof AppError || isDiskFault(error)) return error;
  return new AppError('uploadFailed', 400);
}

/** A JPEG's frame header can sit after large metadata segments, so it is read from the complete file. */
async function checkAndSync(tmpPath: string, contentType: AllowedContentType, size: number) {
  const handle = await open(tmpPath, 'r');
  try {
    if (contentType === 'image/jpeg') {
      const readAt: ReadAt = async (offset, length) => {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, offset);
        return buffer.subarray(0, bytesRead);
      };
      const problem = dimensionsProblem(await jpegDimensions(readAt, size));
      if (problem) throw problem;
    }
    // On disk before a row can point at it.
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Streams one upload into the temp folder and checks it; throws an AppError when it is refused. */
export async function receiveUpload(
  store: ObjectStore,
  input: UploadInput,
  maxBytes: number = Limits.upload.maxBytes,
): Promise<ReceivedUpload> {
  const tmpPath = path.join(store.tmpDir, `${randomBytes(16).toString('hex')}.part`);
  const checker = new UploadChecker(maxBytes);
  // The source is piped by hand, not through pipeline(), so that a refusal does not destroy it:
  // see drainOrDestroy.
  const sourceFailed = (error: Error) => checker.destroy(error);
  // busboy destroys the part without an error when the body ends inside it (no closing boundary);
  // pipe() does not pass a bare close on, and the upload would wait for the rest forever.
  const sourceClosed = () => {
    if (!(input.file as { readableEnded?: boolean }).readableEnded)
      checker.destroy(new AppError('uploadFailed', 400));
  };
  const out = createWriteStream(tmpPath, { flags: 'wx', mode: 0o600 });
  input.file.once('error', sourceFailed);
  input.file.once('close', sourceClosed);
  // It may already be gone by the time the route asks for it.
  if ((input.file as { destroyed?: boolean }).destroyed) sourceClosed();
  try {
    const written = pipeline(checker, out);
    input.file.pipe(checker);
    await written;
    if (input.file.truncated) throw new AppError('fileTooLarge', 413);
    const contentType = checker.contentType;
    if (contentType === null) throw refused(); // cannot happen after a clean flush; kept for the type
    await checkAndSync(tmpPath, contentType, checker.bytes);
    // Beyond the first bytes: images re-encoded without metadata, PDFs parsed (issue 22 §5).
    const content = await checkContent(
      tmpPath,
      contentType,
      { size: checker.bytes, sha256: checker.digest() },
      maxBytes,
    );
    return receivedUpload(store, tmpPath, {
      contentType,
      ...content,
      originalName: displayName(input.filename, contentType),
    });
  } catch (error) {
    input.file.unpipe(checker);
    drainOrDestroy(input.file);
    // A refusal can come before the temp file is even open; its open still completes (and creates
    // the file) after the stream is destroyed. Remove it only once the stream has closed.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await rm(tmpPath, { force: true });
    throw asUploadError(error);
  } finally {
    input.file.off('error', sourceFailed);
    input.file.off('close', sourceClosed);
  }
}

/**
 * A multipart part is read to its end and dropped: destroying it would stop the request being read,
 * and the connection would hang with the client still sending after our answer. busboy stops
 * passing bytes at the fileSize limit, so draining costs no memory. Any other stream is destroyed.
 */
function drainOrDestroy(source: UploadInput['file']) {
  if (source.destroyed) return;
  if ('truncated' in source) source.resume();
  else source.destroy();
}

function receivedUpload(
  store: ObjectStore,
  tmpPath: string,
  facts: Pick<ReceivedUpload, 'contentType' | 'size' | 'sha256' | 'originalName'>,
): ReceivedUpload {
  let settled = false;
  const settle = () => {
    if (settled) throw new Error('an upload is saved or discarded once');
    settled = true;
  };
  return {
    ...facts,
    async save(db, owner, now) {
      settle();
      const storageKey = randomBytes(20).toString('hex');
      // The object before the row: no row ever points at bytes that are not stored.
      await store.putFile(storageKey, tmpPath, facts.contentType);
      try {
        const [row] = await db
          .insert(storedFiles)
          .values({ ...facts, ...owner, storageKey, createdAt: now })
          .returning();
        if (!row) throw new Error('stored_files insert returned no row');
        return row;
      } catch (error) {
        // If the store cannot remove it now, the orphan sweep (fileStore.ts) does later.
        await store.remove(storageKey).catch(() => undefined);
        throw error;
      }
    },
    async discard() {
      if (settled) return;
      settled = true;
      await rm(tmpPath, { force: true });
    },
  };
}

export interface SaveUploadDeps {
  store: ObjectStore;
  db: DbOrTx;
  now: () => Date;
}

/**
 * The helper every upload route calls: stream, check, store, record. Pass `tx` to record the row in
 * the caller's transaction (if that transaction rolls back later, the file stays as an orphan with
 * no row, unreachable; see `sweepOrphans` in fileStore.ts).
 */
export async function saveUpload(
  deps: SaveUploadDeps,
  input: UploadInput,
  owner: UploadOwner & { tx?: DbOrTx },
): Promise<StoredFile> {
  const received = await receiveUpload(deps.store, input);
  const { tx, ...who } = owner;
  try {
    return await received.save(tx ?? deps.db, who, deps.now());
  } catch (error) {
    await received.discard();
    throw error;
  }
}
