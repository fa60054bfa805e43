// The storage settings (issue 18 §2), read with the rest of the configuration (config.ts). STORAGE
// picks the driver; the S3_* variables matter only with STORAGE=s3, where S3_BUCKET is required.
// Credentials: S3_ACCESS_KEY_ID with S3_SECRET_ACCESS_KEY, or neither, and the AWS SDK's own chain
// (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY/AWS_SESSION_TOKEN, a profile, an instance role) is used.
import { z } from 'zod';
import type { StorageDriver } from './objectStore';

export interface S3Config {
  bucket: string;
  /** An S3-compatible server's address (MinIO, Ceph, …); undefined: AWS for the region. */
  endpoint: string | undefined;
  region: string;
  /** Put before every storage key: several portals (or other data) can share one bucket. */
  keyPrefix: string;
  /** Bucket in the path (http://host/bucket/key), as most S3-compatible servers want. */
  forcePathStyle: boolean;
  /** Undefined: the AWS SDK's default credential chain. Never logged. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Connecting, one request (a part of ≤ 5 MB), an idle socket, in ms: a slower server counts as down. */
  timeoutMs: number;
  /** Tries per request (the SDK's retries with backoff for faults and timeouts). */
  maxAttempts: number;
}

export type StorageConfig = { driver: 'local' } | { driver: 's3'; s3: S3Config };

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** Spread into config.ts's environment schema. */
export const storageEnvShape = {
  STORAGE: z.enum(['local', 's3'] satisfies [StorageDriver, StorageDriver]).default('local'),
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 of a-z 0-9 . -)')
      .optional(),
  ),
  S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_KEY_PREFIX: z
    .string()
    .trim()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, 'must be empty or folder names each ending in /')
    .default('files/'),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
};

type StorageEnv = z.infer<ReturnType<typeof z.object<typeof storageEnvShape>>>;

/** The settings, or the variables that are wrong together (each alone was valid). */
export function storageConfigFrom(
  e: StorageEnv,
): { config: StorageConfig } | { problems: { variable: string; message: string }[] } {
  if (e.STORAGE === 'local') return { config: { driver: 'local' } };
  const problems: { variable: string; message: string }[] = [];
  if (!e.S3_BUCKET) problems.push({ variable: 'S3_BUCKET', message: 'required when STORAGE=s3' });
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    problems.push({
      variable: e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID',
      message: 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the AWS credential chain)',
    });
  }
  if (problems.length > 0 || !e.S3_BUCKET) return { problems };
  return {
    config: {
      driver: 's3',
      s3: {
        bucket: e.S3_BUCKET,
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        keyPrefix: e.S3_KEY_PREFIX,
        // An endpoint of our own is usually MinIO-like (no bucket subdomains); AWS wants virtual hosts.
        forcePathStyle: e.S3_FORCE_PATH_STYLE
          ? e.S3_FORCE_PATH_STYLE === 'true'
          : e.S3_ENDPOINT !== undefined,
        credentials:
          e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
            : undefined,
        timeoutMs: e.S3_TIMEOUT_MS,
        maxAttempts: 3,
      },
    },
  };
}
