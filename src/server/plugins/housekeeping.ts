// `app.housekeeping`: the periodic clean-up of what expires (codes, links, puzzles, sessions, rate
// counters, transport nonces) and of files no live row points at (an upload whose transaction rolled
// back, a temp file cut off by a crash). Hourly and once soon after start; every worker of every
// instance has the timer, and a PostgreSQL advisory lock plus the round's start mark
// (background_rounds) make one of them do the round while the others skip it (issue 18 §1).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { lt } from 'drizzle-orm';
import { backgroundRounds } from '../db/schema/serverKeys';
import { purgeExpiredRecords, type PurgedCounts } from '../housekeeping/purgeExpired';
import { purgeFaceFrames, type FaceFramePurge } from '../housekeeping/purgeFaceFrames';
import { sweepOrphans } from '../storage/fileStore';
import type { DbOrTx } from '../types';

export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;
const FIRST_ROUND_AFTER_MS = 60 * 1000;
/** An upload in flight is younger than this; only older unreferenced files are swept. */
export const ORPHAN_FILE_MIN_AGE_MS = 60 * 60 * 1000;
/** Any fixed number: the key of the lock the instances take turns on. */
const HOUSEKEEPING_LOCK_KEY = 7_100_342;

export type HousekeepingRound =
  (PurgedCounts & { orphanFiles: number; faceFrames: FaceFramePurge }) | { skipped: true };

export interface Housekeeping {
  /** One round now (tests and the admin CLI); resolves with what it removed. */
  runOnce(): Promise<HousekeepingRound>;
  /** What the timer runs: a round unless another worker or instance started one within the interval. */
  runScheduled(): Promise<HousekeepingRound>;
}

declare module 'fastify' {
  interface FastifyInstance {
    housekeeping: Housekeeping;
  }
}

/** Marks a scheduled round as started unless one started less than an interval ago (minus a
 *  minute: timers drift). One statement (the row's lock decides), under the round's lock too. */
async function claimRound(tx: DbOrTx, now: Date): Promise<boolean> {
  const dueBefore = new Date(now.getTime() - HOUSEKEEPING_INTERVAL_MS + 60_000);
  const claimed = await tx
    .insert(backgroundRounds)
    .values({ job: 'housekeeping', lastStartedAt: now })
    .onConflictDoUpdate({
      target: backgroundRounds.job,
      set: { lastStartedAt: now },
      setWhere: lt(backgroundRounds.lastStartedAt, dueBefore),
    })
    .returning({ job: backgroundRounds.job });
  return claimed.length > 0;
}

export const housekeepingPlugin = fp(
  async (app: FastifyInstance, options: { schedule: boolean }) => {
    // The lock is a session lock on a connection of its own, held for the whole round (the purge
    // commits before the files are swept), so no other worker or instance runs one at the same
    // time; a scheduled round also skips when another one started less than an interval ago
    // (every worker of every instance has the timer).
    const runRound = async (onlyIfDue: boolean): Promise<HousekeepingRound> => {
      const now = app.clock.now();
      const client = await app.pool.connect();
      try {
        const lock = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
          HOUSEKEEPING_LOCK_KEY,
        ]);
        if (!lock.rows[0]?.locked) return { skipped: true };
        try {
          if (onlyIfDue && !(await claimRound(app.db, now))) return { skipped: true };
          const purged = await app.db.transaction((tx) => purgeExpiredRecords(tx, now));
          return { ...purged, ...(await afterPurge(now)) };
        } finally {
          await client.query('select pg_advisory_unlock($1)', [HOUSEKEEPING_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    };
    const runOnce = () => runRound(false);
    const afterPurge = async (now: Date) => {
      await app.passwordTransport.purgeOldNonces();
      const orphanFiles = await sweepOrphans(app.db, app.storage.store, now, ORPHAN_FILE_MIN_AGE_MS);
      // Biometric data: the capture frames go after the decision plus the retention (issue 16 §6).
      const faceFrames = await purgeFaceFrames(
        app.db,
        app.storage.store,
        now,
        app.config.faceFrameRetentionDays,
      );
      return { orphanFiles, faceFrames };
    };
    const round = () => {
      runRound(true).then(
        (result) => app.log.debug({ housekeeping: result }, 'housekeeping round'),
        (err: unknown) => app.log.warn({ err }, 'housekeeping round failed; the next round retries'),
      );
    };
    app.decorate('housekeeping', { runOnce, runScheduled: () => runRound(true) });
    if (!options.schedule) return;
    const first = setTimeout(round, FIRST_ROUND_AFTER_MS);
    const every = setInterval(round, HOUSEKEEPING_INTERVAL_MS);
    first.unref();
    every.unref();
    app.addHook('onClose', async () => {
      clearTimeout(first);
      clearInterval(every);
    });
  },
  { name: 'housekeeping', dependencies: ['storage'] },
);
