// Resilience (issue 17 §5): 100 applicants at once doing the whole journey (bench/journey.ts'
// applicant) against `npm start` while one HTTP worker is killed (SIGKILL) every 20 s. An applicant
// behaves as the web client and a person would: a request that fails on the network or with 503 is
// sent again (after 200 ms, for up to 30 s), and a journey that still fails is started over once
// more with a new account. Figures:
//   resilienceRetriedRequests   requests that needed a retry (errors users saw and got past)
//   resilienceRestartedJourneys journeys started over after an error a retry did not fix
//   resilienceFailedJourneys    journeys that never completed (budget 0: nobody is left stuck)
//   resilienceLostWrites        acknowledged uploads and submissions missing afterwards (budget 0)
//   resilienceRecoveryMaxMs     longest time from a kill until the portal answered again (budget 3 s)
// The portal runs `npm start`'s default, one worker per core (issue 18 §1): a kill leaves the others
// serving, so the recovery figure is how long the port went unanswered (with one worker, the
// replacement's start). `--workers N` (or BENCH_RESILIENCE_WORKERS) runs another number. The
// account steps call portalHttp.callJson, which retries what is safe to repeat (setCallRetry):
// those retries are counted with the others.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_HEADER } from '../src/contract/idempotency';
import { eq, inArray } from 'drizzle-orm';
import type { BenchFigure } from './benchFigure';
import { companies, users } from '../src/server/db/schema/accounts';
import { storedFiles } from '../src/server/db/schema/files';
import { runApplicant } from './support/journeyApplicant';
import { StepTimings } from './support/journeyTimings';
import { LoopbackAddresses, setCallRetry } from './support/portalHttp';
import { startBenchPortal, type BenchPortal } from './support/portalServer';
import { percentile } from './support/runnerStats';
import { sendPatiently, type AnswerFacts, type RetryPolicy } from './support/patientRetry';
import { workerPids } from '../tests/support/processTree';

const APPLICANTS = 100;
const KILL_EVERY_MS = 20_000;
/** A 429 ("too many, try later": the portal-wide discovery ceiling, per minute) is waited out longer
 *  than a cut call, as a person told to come back in a minute does. */
const RETRY_POLICY: RetryPolicy = { pauseMs: 200, forMs: 30_000, rateLimitedForMs: 150_000 };
const JOURNEY_ATTEMPTS = 2;
/** After the run's time is up, journeys still going get this long to finish; the rest count as failed. */
const FINISH_WITHIN_MS = 300_000;

function workersFrom(argv: readonly string[]): number {
  const i = argv.indexOf('--workers');
  const raw = i >= 0 ? argv[i + 1] : process.env.BENCH_RESILIENCE_WORKERS;
  const n = Number(raw ?? availableParallelism());
  if (!Number.isInteger(n) || n < 1) throw new Error(`--workers needs a whole number ≥ 1, got "${raw}"`);
  return n;
}


const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How many replacement workers the supervisor has reported listening. */
function replacedSoFar(logFile: string): number {
  return [...readFileSync(logFile, 'utf8').matchAll(/"downMs":\d+/g)].length;
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/plat/no-such-route`, { signal: AbortSignal.timeout(1000) });
    return response.status === 404;
  } catch {
    return false;
  }
}

interface Counters {
  retriedRequests: number;
  uploads: Set<string>;
}

/**
 * fetch as a patient client (support/patientRetry.ts): every write carries an Idempotency-Key kept
 * across its retries. The certification helpers of the server tests call fetch, so they get this
 * behaviour unchanged. Acknowledged uploads are noted for the lost-writes count.
 */
function patientFetch(base: string, counters: Counters): () => void {
  const original = globalThis.fetch;
  const origin = new URL(base).origin;
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== origin || url.pathname === '/plat/no-such-route') return original(input, init);
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    if (method !== 'GET') headers.set(IDEMPOTENCY_HEADER, randomUUID());
    const { answer: response, retried } = await sendPatiently(
      () => original(input, { ...init, headers }),
      factsOfResponse,
      RETRY_POLICY,
    );
    if (retried) counters.retriedRequests++;
    if (response.status === 200 && method === 'POST' && url.pathname === '/plat/files') {
      const body = (await response.clone().json()) as { data?: { id?: string } };
      if (body.data?.id) counters.uploads.add(body.data.id);
    }
    return response;
  };
  return () => {
    globalThis.fetch = original;
  };
}

/** The status, and for the answers that may be waited out, the envelope's code and retryAfterMs. */
async function factsOfResponse(response: Response): Promise<AnswerFacts> {
  if (response.status !== 409 && response.status !== 429) return { status: response.status };
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: number; data?: { retryAfterMs?: number } } | null;
  return { status: response.status, code: body?.code, retryAfterMs: body?.data?.retryAfterMs };
}

/** Kills a worker every KILL_EVERY_MS; for each kill, how long until the portal answered again. */
function startKiller(portal: BenchPortal, recoveries: number[]): () => Promise<void> {
  let running = true;
  const loop = (async () => {
    for (;;) {
      for (let waited = 0; waited < KILL_EVERY_MS && running; waited += 250) await pause(250);
      if (!running) return;
      // One fault at a time: the previous victim's replacement listens first (the supervisor logs
      // its downMs), else a kill could take the only listening worker while the other still loads.
      while (running && replacedSoFar(portal.logFile) < recoveries.length) await pause(250);
      if (!running) return;
      const victim = workerPids(portal.pid)[0];
      if (victim === undefined) continue;
      const killedAt = performance.now();
      process.kill(victim, 'SIGKILL');
      await pause(20);
      while (!(await answers(portal.url))) await pause(50);
      const ms = performance.now() - killedAt;
      recoveries.push(ms);
      console.log(`  killed worker ${victim}: the portal answered again after ${Math.round(ms)} ms`);
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

export async function measure(options: { quick: boolean }): Promise<BenchFigure[]> {
  const workers = workersFrom(process.argv.slice(2));
  const durationMs = options.quick ? 25_000 : 65_000;
  const portal = await startBenchPortal({ env: { WORKERS: String(workers) } });
  const counters: Counters = { retriedRequests: 0, uploads: new Set() };
  const recoveries: number[] = [];
  const restore = patientFetch(portal.url, counters);
  setCallRetry({
    ...RETRY_POLICY,
    onRetried: () => counters.retriedRequests++,
  });
  const stopKiller = startKiller(portal, recoveries);
  const timings = new StepTimings();
  const run = randomUUID().slice(0, 8);
  const addresses = new LoopbackAddresses(140);
  const completed: string[] = [];
  let restarted = 0;
  let failed = 0;
  /** Each kind of journey error (its first 150 characters) and how often it happened. */
  const errors = new Map<string, number>();
  let n = 0;
  /** The journeys running now and the step each is in. */
  const journeys = new Set<{ step: string }>();
  try {
    const deadline = Date.now() + durationMs;
    let inFlight = 0;
    const all = Promise.all(
      Array.from({ length: APPLICANTS }, async () => {
        while (Date.now() < deadline) {
          let done = false;
          inFlight++;
          const journey = { step: 'captcha' };
          journeys.add(journey);
          for (let attempt = 1; attempt <= JOURNEY_ATTEMPTS && !done; attempt++) {
            // No second try once the run's time is up.
            if (attempt > 1 && Date.now() >= deadline) break;
            const email = `resilience-${run}-${n++}@example.com`;
            try {
              await runApplicant(portal, timings, {
                email,
                from: addresses.take(),
                onStep: (step) => (journey.step = step),
              });
              completed.push(email);
              done = true;
            } catch (error) {
              const kind = (error instanceof Error ? error.message : String(error)).slice(0, 150);
              errors.set(kind, (errors.get(kind) ?? 0) + 1);
              if (attempt < JOURNEY_ATTEMPTS) restarted++;
            }
          }
          inFlight--;
          journeys.delete(journey);
          if (!done) failed++;
        }
      }),
    );
    const finished = await Promise.race([
      all.then(() => true),
      pause(durationMs + FINISH_WITHIN_MS).then(() => false),
    ]);
    // Journeys stuck past the bound: users who never got through (where they were, to see why).
    if (!finished) {
      failed += inFlight;
      const at = new Map<string, number>();
      for (const { step } of journeys) at.set(step, (at.get(step) ?? 0) + 1);
      for (const [step, times] of at) console.log(`  unfinished journey ×${times} at step ${step}`);
    }
  } finally {
    await stopKiller();
    restore();
    setCallRetry(undefined);
  }
  try {
    for (const [kind, times] of errors) console.log(`  journey error ×${times}: ${kind}`);
    // Every acknowledged write still there: the submitted companies and the uploaded files.
    const db = portal.database.db;
    let lost = 0;
    for (let i = 0; i < completed.length; i += 500) {
      const emails = completed.slice(i, i + 500);
      const rows = await db
        .select({ status: companies.certificationStatus })
        .from(users)
        .innerJoin(companies, eq(users.companyId, companies.id))
        .where(inArray(users.email, emails));
      lost += emails.length - rows.filter((r) => r.status === 1).length;
    }
    const uploads = [...counters.uploads];
    for (let i = 0; i < uploads.length; i += 500) {
      const ids = uploads.slice(i, i + 500);
      const rows = await db.select({ id: storedFiles.id }).from(storedFiles).where(inArray(storedFiles.id, ids));
      lost += ids.length - rows.length;
    }
    const log = readFileSync(portal.logFile, 'utf8');
    const gaps = [...log.matchAll(/"downMs":(\d+)/g)].map((m) => Number(m[1]));
    return [
      { name: 'resilienceWorkers', value: workers, unit: 'workers' },
      { name: 'resilienceKills', value: recoveries.length, unit: 'kills' },
      { name: 'resilienceCompletedJourneys', value: completed.length, unit: 'journeys' },
      { name: 'resilienceRetriedRequests', value: counters.retriedRequests, unit: 'requests' },
      { name: 'resilienceRestartedJourneys', value: restarted, unit: 'journeys' },
      { name: 'resilienceFailedJourneys', value: failed, unit: 'journeys', budget: { max: 0 } },
      { name: 'resilienceLostWrites', value: lost, unit: 'writes', budget: { max: 0 } },
      {
        name: 'resilienceRecoveryMaxMs',
        value: recoveries.length ? Math.max(...recoveries) : 0,
        unit: 'ms',
        budget: { max: 3000 },
      },
      { name: 'resilienceRecoveryP50Ms', value: recoveries.length ? percentile(recoveries, 50) : 0, unit: 'ms' },
      { name: 'resilienceWorkerRestartMaxMs', value: gaps.length ? Math.max(...gaps) : 0, unit: 'ms' },
    ];
  } finally {
    await portal.close();
  }
}
