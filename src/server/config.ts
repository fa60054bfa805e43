// Configuration, read once from the environment and validated. A bad value stops the start with a
// message naming the variable (issue 2 §3).
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './process/trustProxy';
import { parseTransportKeyPem } from './security/transportKeyConfig';
import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from './db/timeouts';
import { DEFAULT_FACE_ENGINE_CONFIG, type FaceEngineConfig } from './services/verification/face/engineConfig';
import { FACE_CHALLENGES, type FaceChallenge } from '../contract/api/verification';
import { OCR_ENGINE_NAMES, type OcrEngineName } from './services/documents/engine';
import { storageConfigFrom, storageEnvShape, type StorageConfig } from './storage/storageConfig';

export const APP_ENVS = ['development', 'test', 'mirr', 'sandbox', 'production'] as const;
export type AppEnv = (typeof APP_ENVS)[number];

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

/** FACE_CHALLENGES: known challenges ('left-up-right'), each once, in the order given; a message
 *  naming the form when one is unknown (the 32 names are too many to list). */
export function parseFaceChallenges(value: string | undefined): FaceChallenge[] | string {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) return [...FACE_CHALLENGES];
  const unknown = names.filter((name) => !(FACE_CHALLENGES as readonly string[]).includes(name));
  if (unknown.length > 0)
    return `unknown challenge ${unknown.join(', ')} (known: three of left, right, up, down joined by '-', none twice in a row, turns and nods mixed, e.g. ${FACE_CHALLENGES[0]})`;
  return [...new Set(names)] as FaceChallenge[];
}

const envSchema = z.object({
  APP_ENV: z.enum(APP_ENVS).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    )
    .optional(),
  /** Waiting for PostgreSQL (db/timeouts.ts): to connect (at start too), and per statement. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(DEFAULT_DATABASE_TIMEOUTS.connectTimeoutMs),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(3_600_000)
    .default(DEFAULT_DATABASE_TIMEOUTS.statementTimeoutMs),
  SMTP_URL: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    )
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default('Portal <no-reply@portal.localhost>'),
  PUBLIC_URL: optionalUrl,
  SENTRY_DSN: optionalUrl,
  CHECKOUT_BASE_URL: optionalUrl,
  IDENTITY_BASE_URL: optionalUrl,
  BACKOFFICE_BASE_URL: optionalUrl,
  BACKOFFICE_OPS_BASE_URL: optionalUrl,
  SUPPORT_CHAT_URL: optionalUrl,
  HELP_CENTER_URL: optionalUrl,
  SUPPORT_EMAIL: z.email().default('support@portal.localhost'),
  /** The face-verification provider (src/server/services/verification/faceProvider.ts). */
  FACE_PROVIDER: z.string().trim().min(1).default('human'),
  /** The face engine (services/verification/face/engineConfig.ts): pool, queue bound, thresholds. */
  FACE_WORKERS: z.coerce.number().int().min(1).max(8).default(DEFAULT_FACE_ENGINE_CONFIG.workers),
  FACE_QUEUE: z.coerce.number().int().min(0).max(64).default(DEFAULT_FACE_ENGINE_CONFIG.queue),
  FACE_MATCH_THRESHOLD: z.coerce.number().min(0).max(1).default(DEFAULT_FACE_ENGINE_CONFIG.matchThreshold),
  FACE_GREY_BAND_FROM: z.coerce.number().min(0).max(1).default(DEFAULT_FACE_ENGINE_CONFIG.greyBandFrom),
  FACE_MIN_POSE_DEG: z.coerce.number().min(0).max(90).default(DEFAULT_FACE_ENGINE_CONFIG.minPoseRangeDeg),
  /** The head movements a capture may be asked for (issue 28 §3), comma-separated ('left-up-right');
   *  unset: all 32. One alone pins it (a browser test whose video shows that movement). */
  FACE_CHALLENGES: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = parseFaceChallenges(v);
      if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', message: parsed });
      return typeof parsed === 'string' ? [...FACE_CHALLENGES] : parsed;
    }),
  /** Days the face-capture frames are kept after the decision (docs/decisions/face.md "Retention of frames", issue 16 §6). */
  FACE_FRAME_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** HTTP worker processes under `npm start`'s supervisor (src/server/process/). */
  WORKERS: z.coerce.number().int().min(1).max(64).default(Math.min(64, availableParallelism())),
  /** One engine process per machine for the face engine, puzzles and document reader (issue 31 §1); off: each worker has its own. */
  ENGINE_PROCESS: z.enum(['on', 'off']).default('on'),
  /** Each worker keeps the sessions it resolved, dropped at once on any change (security/sessionCache/). */
  SESSION_CACHE: z.enum(['on', 'off']).default('on'),
  /** How long a request that changed a session waits for the slowest worker to drop it, at most. */
  SESSION_CACHE_FENCE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
  /** The document reader's OCR engine (docs/decisions/documents-engine.md). */
  DOCUMENT_OCR_ENGINE: z.enum(OCR_ENGINE_NAMES).default('paddle'),
  /** The proxy in front (process/trustProxy.ts): off, a hop count, or addresses/CIDRs, comma-separated. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', message: parsed });
      return typeof parsed === 'string' ? false : parsed;
    }),
  /** The password-transport key (PEM, `\n` allowed for line breaks); unset: generated once, kept in
   *  PostgreSQL. The previous key stays accepted for forms opened before a rotation. */
  TRANSPORT_PRIVATE_KEY: z.string().optional().transform(parseTransportKeyPem),
  TRANSPORT_PREVIOUS_PRIVATE_KEY: z.string().optional().transform(parseTransportKeyPem),
  /** Overload (plugins/overload.ts): above any of these the API answers 503 + Retry-After. 0 = off. */
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** 0 = 90 % of V8's heap limit. */
  OVERLOAD_MAX_HEAP_USED_MB: z.coerce.number().int().min(0).max(1_048_576).default(0),
  OVERLOAD_MAX_RSS_MB: z.coerce.number().int().min(0).max(1_048_576).default(0),
  OVERLOAD_RETRY_AFTER_S: z.coerce.number().int().min(1).max(3600).default(5),
  /** Scales the slider puzzle's proof of work (security/captcha/workCurve.ts); unset: 1, and
   *  0.01 under APP_ENV=test, whose suites solve hundreds of puzzles and measure none. */
  CAPTCHA_WORK_SCALE: z.coerce.number().min(0.001).max(100).optional(),
  /** Where uploaded files are kept: STORAGE (local | s3) and S3_* (storage/storageConfig.ts). */
  ...storageEnvShape,
  /** The metrics endpoint (observability/metrics/): its own port ('off': none; 0: any free port). */
  METRICS_PORT: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.union([z.literal('off'), z.coerce.number().int().min(0).max(65535)]).optional(),
  ),
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  METRICS_TOKEN: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.string().min(16, 'must be at least 16 characters').optional())
    .optional(),
});

/** The Prometheus exporters' customary port (off in tests, which run many portals side by side). */
export const DEFAULT_METRICS_PORT = 9464;

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|localhost)$/;

/** METRICS_* read: null port = no endpoint. Beyond this machine only behind a token. */
function metricsConfigFrom(e: z.infer<typeof envSchema>): MetricsConfig | { problems: ConfigProblem[] } {
  const port =
    e.METRICS_PORT === 'off'
      ? null
      : (e.METRICS_PORT ?? (e.APP_ENV === 'test' ? null : DEFAULT_METRICS_PORT));
  if (port !== null && !e.METRICS_TOKEN && !LOOPBACK.test(e.METRICS_HOST)) {
    return {
      problems: [
        {
          variable: 'METRICS_TOKEN',
          message: `required when METRICS_HOST (${e.METRICS_HOST}) is not a loopback address`,
        },
      ],
    };
  }
  return { port, host: e.METRICS_HOST, token: e.METRICS_TOKEN };
}

/** Per-environment base addresses (spec §7): used when the variable is not set. */
const BASE_ADDRESSES: Record<
  AppEnv,
  { checkout: string; identity: string; backOffice: string; backOfficeOps: string }
> = {
  development: {
    checkout: 'http://127.0.0.1:3100',
    identity: 'http://127.0.0.1:3101',
    backOffice: 'http://127.0.0.1:3102',
    backOfficeOps: 'http://127.0.0.1:3103',
  },
  test: {
    checkout: 'https://checkout.test.portal.example',
    identity: 'https://identity.test.portal.example',
    backOffice: 'https://admin.test.portal.example',
    backOfficeOps: 'https://ops.test.portal.example',
  },
  mirr: {
    checkout: 'https://checkout.mirr.portal.example',
    identity: 'https://identity.mirr.portal.example',
    backOffice: 'https://admin.mirr.portal.example',
    backOfficeOps: 'https://ops.mirr.portal.example',
  },
  sandbox: {
    checkout: 'https://checkout.sandbox.portal.example',
    identity: 'https://identity.sandbox.portal.example',
    backOffice: 'https://admin.sandbox.portal.example',
    backOfficeOps: 'https://ops.sandbox.portal.example',
  },
  production: {
    checkout: 'https://checkout.portal.example',
    identity: 'https://identity.portal.example',
    backOffice: 'https://admin.portal.example',
    backOfficeOps: 'https://ops.portal.example',
  },
};

export interface AppConfig {
  env: AppEnv;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseTimeouts: DatabaseTimeouts;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  sentryDsn: string | undefined;
  supportChatUrl: string | undefined;
  helpCenterUrl: string;
  supportEmail: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  faceProvider: string;
  face: FaceEngineConfig;
  /** The head movements the server chooses from for each capture (FACE_CHALLENGES). */
  faceChallenges: FaceChallenge[];
  /** Face-capture frames are deleted this many days after the decision (housekeeping). */
  faceFrameRetentionDays: number;
  /** Where the bytes of uploaded files are kept: DATA_DIR/files (local) or an S3 bucket. */
  storage: StorageConfig;
  /** HTTP worker processes (the supervisor forks this many). */
  workers: number;
  /** The supervisor runs one engine process that the workers call (src/server/engine/). */
  engineProcess: boolean;
  /** Workers answer signed-in requests from their session cache (SESSION_CACHE, on by default). */
  sessionCache: boolean;
  /** The longest a request that changed a session waits for every worker to drop it. */
  sessionCacheFenceTimeoutMs: number;
  /** The OCR engine that reads uploaded documents (DOCUMENT_OCR_ENGINE). */
  documentOcrEngine: OcrEngineName;
  /** Fastify's trustProxy: false (the socket address is the client), a hop count, or addresses. */
  trustProxy: TrustProxy;
  /** Password-transport keys from the environment (PEM); undefined: shared through PostgreSQL. */
  transportKeys: { current: string | undefined; previous: string | undefined };
  overload: OverloadConfig;
  metrics: MetricsConfig;
  baseAddresses: { checkout: string; identity: string; backOffice: string; backOfficeOps: string };
  /** Development aids (dev mailbox, /plat/dev/*) exist everywhere but production. */
  devTools: boolean;
  /** Multiplies the slider puzzle's proof of work at every level (1 = as measured for people). */
  captchaWorkScale: number;
}

/** Where GET /metrics is served (observability/metrics/server.ts, by the supervisor). */
export interface MetricsConfig {
  /** null: not served. */
  port: number | null;
  host: string;
  /** When set, scrapes send `Authorization: Bearer <token>`. */
  token: string | undefined;
}

type ConfigProblem = { variable: string; message: string };

export interface OverloadConfig {
  /** Mean event-loop delay over a sample, in ms; 0 = not checked. */
  maxEventLoopDelayMs: number;
  /** V8 heap in use, in bytes; 0 = 90 % of V8's heap limit. */
  maxHeapUsedBytes: number;
  /** Resident set size, in bytes; 0 = not checked. */
  maxRssBytes: number;
  /** The Retry-After header of a 503 for overload, in seconds. */
  retryAfterSeconds: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super('Invalid configuration:\n' + problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n'));
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? '(environment)'),
        message: issue.message,
      })),
    );
  }
  const e = parsed.data;
  const storage = storageConfigFrom(e);
  if ('problems' in storage) throw new ConfigError(storage.problems);
  const metrics = metricsConfigFrom(e);
  if ('problems' in metrics) throw new ConfigError(metrics.problems);
  const defaults = BASE_ADDRESSES[e.APP_ENV];
  return {
    env: e.APP_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseTimeouts: {
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    sentryDsn: e.SENTRY_DSN,
    supportChatUrl: e.SUPPORT_CHAT_URL,
    // Operations host the help center; set HELP_CENTER_URL to the real address.
    helpCenterUrl: e.HELP_CENTER_URL ?? 'https://help.example.com/business-portal',
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
    faceProvider: e.FACE_PROVIDER,
    face: {
      ...DEFAULT_FACE_ENGINE_CONFIG,
      workers: e.FACE_WORKERS,
      queue: e.FACE_QUEUE,
      matchThreshold: e.FACE_MATCH_THRESHOLD,
      greyBandFrom: Math.min(e.FACE_GREY_BAND_FROM, e.FACE_MATCH_THRESHOLD),
      minPoseRangeDeg: e.FACE_MIN_POSE_DEG,
    },
    workers: e.WORKERS,
    engineProcess: e.ENGINE_PROCESS === 'on',
    sessionCache: e.SESSION_CACHE === 'on',
    sessionCacheFenceTimeoutMs: e.SESSION_CACHE_FENCE_TIMEOUT_MS,
    documentOcrEngine: e.DOCUMENT_OCR_ENGINE,
    trustProxy: e.TRUST_PROXY,
    transportKeys: { current: e.TRANSPORT_PRIVATE_KEY, previous: e.TRANSPORT_PREVIOUS_PRIVATE_KEY },
    overload: {
      maxEventLoopDelayMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      maxHeapUsedBytes: e.OVERLOAD_MAX_HEAP_USED_MB * 1024 * 1024,
      maxRssBytes: e.OVERLOAD_MAX_RSS_MB * 1024 * 1024,
      retryAfterSeconds: e.OVERLOAD_RETRY_AFTER_S,
    },
    metrics,
    faceFrameRetentionDays: e.FACE_FRAME_RETENTION_DAYS,
    faceChallenges: e.FACE_CHALLENGES,
    storage: storage.config,
    baseAddresses: {
      checkout: e.CHECKOUT_BASE_URL ?? defaults.checkout,
      identity: e.IDENTITY_BASE_URL ?? defaults.identity,
      backOffice: e.BACKOFFICE_BASE_URL ?? defaults.backOffice,
      backOfficeOps: e.BACKOFFICE_OPS_BASE_URL ?? defaults.backOfficeOps,
    },
    devTools: e.APP_ENV !== 'production',
    captchaWorkScale: e.CAPTCHA_WORK_SCALE ?? (e.APP_ENV === 'test' ? 0.01 : 1),
  };
}
