// The S3 driver (issue 18 §2): objects in one bucket under `keyPrefix` + storage key. A checked temp
// file is streamed up with @aws-sdk/lib-storage's Upload (a single PUT below one part, multipart
// above: at most PART_SIZE × QUEUE_SIZE bytes of it in memory at a time); a failed multipart upload is
// aborted, so no object and no parts are left. Reads stream the object's body. Every failure to reach
// the server (down, timeout, 5xx, credentials) becomes StorageUnavailableError (503).
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkedKey, STORAGE_KEY, type ObjectStore, type StoredObject } from './objectStore';
import type { S3Config } from './storageConfig';
import { StorageUnavailableError } from './storageUnavailable';

/** S3's smallest part size: a 10 MB upload is two parts and a PUT-less multipart upload. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

function isMissing(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

export interface S3Store extends ObjectStore {
  close(): void;
}

export function s3Store(config: S3Config, tmpDir: string): S3Store {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    maxAttempts: config.maxAttempts,
    // A request (one part ≤ 5 MB, or the start of a download) and any idle socket are cut after
    // timeoutMs. Without throwOnRequestTimeout the SDK only logs a warning and waits forever.
    requestHandler: {
      connectionTimeout: config.timeoutMs,
      requestTimeout: config.timeoutMs,
      throwOnRequestTimeout: true,
      socketTimeout: config.timeoutMs,
    },
    // Checksums only where S3 requires them: S3-compatible servers do not all read the SDK's default
    // CRC32 trailers (aws-chunked bodies); TLS and the stored SHA-256 already guard the bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const objectKey = (key: string) => config.keyPrefix + checkedKey(key);
  const unavailable = (operation: string, error: unknown) =>
    error instanceof StorageUnavailableError ? error : new StorageUnavailableError(operation, error);

  const getBody = async (key: string): Promise<Readable | null> => {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
      return answer.Body as Readable;
    } catch (error) {
      if (isMissing(error)) return null;
      throw unavailable('read', error);
    }
  };

  return {
    driver: 's3',
    tmpDir,
    async putFile(key, tmpPath, contentType) {
      const body = createReadStream(tmpPath);
      try {
        const upload = new Upload({
          client,
          params: { Bucket, Key: objectKey(key), Body: body, ContentType: contentType },
          partSize: PART_SIZE,
          queueSize: QUEUE_SIZE,
          leavePartsOnError: false,
        });
        await upload.done();
      } catch (error) {
        throw unavailable('put', error);
      } finally {
        body.destroy();
        await rm(tmpPath, { force: true });
      }
    },
    read: getBody,
    async remove(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
      } catch (error) {
        if (!isMissing(error)) throw unavailable('remove', error);
      }
    },
    async *list(): AsyncIterable<StoredObject> {
      let ContinuationToken: string | undefined;
      do {
        let page;
        try {
          page = await client.send(
            new ListObjectsV2Command({ Bucket, Prefix: config.keyPrefix, ContinuationToken }),
          );
        } catch (error) {
          throw unavailable('list', error);
        }
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(config.keyPrefix.length) ?? '';
          if (STORAGE_KEY.test(key)) yield { key, modifiedAt: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async localFile(key) {
      const body = await getBody(key);
      if (!body) throw new Error('stored object is missing');
      const copy = path.join(tmpDir, `${randomBytes(16).toString('hex')}.copy`);
      try {
        await pipeline(body, createWriteStream(copy, { flags: 'wx', mode: 0o600 }));
      } catch (error) {
        await rm(copy, { force: true });
        throw unavailable('read', error);
      }
      return { path: copy, release: () => rm(copy, { force: true }) };
    },
    close: () => client.destroy(),
  };
}
