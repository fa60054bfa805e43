// What the portal's parts record, one small function each, so a service calls one line and never
// sees prom-client (issue 31 §2). All counted in this process's registry and summed across the
// tree's processes by the supervisor. Names and labels: docs/decisions/metrics.md.
import { Counter, Gauge, Histogram } from 'prom-client';
import { processRegistry } from './registry';

const registers = [processRegistry];
/** Seconds: engine work takes from a tenth of a second to tens of seconds under a full queue. */
const ENGINE_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60];

const faceChecks = new Histogram({
  name: 'portal_face_check_duration_seconds',
  help: 'Face checks by outcome (verified, referred, failed, busy, fault) and capture source; _count is the number of checks.',
  labelNames: ['outcome', 'source'],
  buckets: ENGINE_BUCKETS,
  registers,
});

/** The provider's answer as the verification service sees it: a decided outcome, or none. */
export type FaceCheckResult = { outcome: string } | 'busy' | 'fault';

/** Starts timing one face check; `done` records its outcome and duration. */
export function startFaceCheck(source: string): { done(result: FaceCheckResult): void } {
  const end = faceChecks.startTimer({ source });
  return { done: (result) => end({ outcome: typeof result === 'string' ? result : result.outcome }) };
}

const documentReads = new Histogram({
  name: 'portal_document_read_duration_seconds',
  help: 'Document reads (OCR, MRZ) by document kind and outcome; _count is the number of reads.',
  labelNames: ['kind', 'outcome'],
  buckets: ENGINE_BUCKETS,
  registers,
});

/**
 * One document read, for the document reader (issue 30): `kind` what was read (e.g. businessLicence,
 * passport), `outcome` what came of it (e.g. read, unreadable, mismatch, busy, fault).
 */
export function recordDocumentRead(kind: string, outcome: string, seconds: number): void {
  documentReads.observe({ kind, outcome }, seconds);
}

const rateLimited = new Counter({
  name: 'portal_rate_limited_total',
  help: 'Requests refused by a rate limit (429), by the limit that refused them.',
  labelNames: ['limit'],
  registers,
});

/** A request refused by the limit `limit` ("POST /plat/ums/login", "discovery.global", …). */
export function countRateLimited(limit: string): void {
  rateLimited.inc({ limit });
}

const captcha = new Counter({
  name: 'portal_captcha_total',
  help: 'Slider puzzles: served, answered with a token issued, or answered and refused.',
  labelNames: ['event'],
  registers,
});

export type CaptchaEvent = 'served' | 'tokenIssued' | 'refused';

export function countCaptcha(event: CaptchaEvent): void {
  captcha.inc({ event });
}

type PressureReader = () => number | Promise<number>;
const pressureReaders = new Map<string, PressureReader>();

/** A reading, or NaN when the reader failed (the gauge then keeps its last value). */
async function readSafely(read: PressureReader): Promise<number> {
  try {
    return await read();
  } catch {
    return NaN;
  }
}

const pressure = new Gauge({
  name: 'portal_abuse_pressure',
  help: 'Abuse-defence pressure by source (e.g. proof-of-work difficulty); the highest process wins.',
  labelNames: ['source'],
  aggregator: 'max',
  registers,
  async collect() {
    const sources = [...pressureReaders];
    const values = await Promise.all(sources.map(([, read]) => readSafely(read)));
    sources.forEach(([source], i) => {
      if (!Number.isNaN(values[i])) this.set({ source }, values[i]!);
    });
  },
});

/** Sets the pressure gauge of `source` now (for a value that changes at known moments). */
export function setAbusePressure(source: string, value: number): void {
  pressure.set({ source }, value);
}

/**
 * Reads the pressure of `source` at each scrape, for a value kept elsewhere (a counter in PostgreSQL:
 * each worker reads it once per scrape and the highest is shown, so keep it a lookup by key).
 * Replaces a previous reader of `source`; a reader that fails leaves the last value.
 */
export function watchAbusePressure(source: string, read: PressureReader): void {
  pressureReaders.set(source, read);
}

const sessionLookups = new Counter({
  name: 'portal_session_cache_lookups_total',
  help: 'Signed-in requests by where their session came from: the worker cache (hit) or PostgreSQL (miss).',
  labelNames: ['result'],
  registers,
});
// Bound once: the lookup is on every signed-in request.
const sessionHit = sessionLookups.labels('hit');
const sessionMiss = sessionLookups.labels('miss');

/** One session lookup: answered from the worker's cache or not (security/sessionCache/). */
export function countSessionLookup(hit: boolean): void {
  (hit ? sessionHit : sessionMiss).inc();
}

const sessionSettles = new Counter({
  name: 'portal_session_cache_settles_total',
  help:
    'Requests that may write, by what the session caches needed before the answer: unchanged, done (every worker confirmed), ' +
    'timedOut (a worker did not confirm in SESSION_CACHE_FENCE_TIMEOUT_MS) or notListening.',
  labelNames: ['outcome'],
  registers,
});

export function countSessionSettle(outcome: string): void {
  sessionSettles.inc({ outcome });
}
