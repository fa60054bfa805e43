// `app.housekeeping`: the periodic clean-up of what expires (codes, links, puzzles, sessions, rate
// counters, transport nonces) and of files no live row points at (an upload whose transaction rolled
// back, a temp file cut off by a crash). Hourly and once soon after start; with several API instances
// a PostgreSQL advisory lock lets one of them do a round while the others skip it.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { purgeExpiredRecords, type PurgedCounts } from '../housekeeping/purgeExpired';
import { purgeFaceFrames, type FaceFramePurge } from '../housekeeping/purgeFaceFrames';
import { sweepOrphans } from '../storage/fileStore';

export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;
const FIRST_ROUND_AFTER_MS = 60 * 1000;
/** An upload in flight is younger than this; only older unreferenced files are swept. */
export const ORPHAN_FILE_MIN_AGE_MS = 60 * 60 * 1000;
/** Any fixed number: the key of the lock the instances take turns on. */
const HOUSEKEEPING_LOCK_KEY = 7_100_342;

export type HousekeepingRound =
  | (PurgedCounts & { orphanFiles: number; faceFrames: FaceFramePurge })
  | { skipped: true };

export interface Housekeeping {
  /** One round now (tests and the admin CLI); resolves with what it removed. */
  runOnce(): Promise<HousekeepingRound>;
}

declare module 'fastify' {
  interface FastifyInstance {
    housekeeping: Housekeeping;
  }
}

export const housekeepingPlugin = fp(
  async (app: FastifyInstance, options: { schedule: boolean }) => {
    const runOnce = async (): Promise<HousekeepingRound> => {
      const now = app.clock.now();
      const purged = await app.db.transaction(async (tx) => {
        const [lock] = await tx
          .execute<{ locked: boolean }>(
            sql`select pg_try_advisory_xact_lock(${HOUSEKEEPING_LOCK_KEY}) as locked`,
          )
          .then((r) => r.rows);
        if (!lock?.locked) return null;
        return purgeExpiredRecords(tx, now);
      });
      if (purged === null) return { skipped: true };
      await app.passwordTransport.purgeOldNonces();
      const orphanFiles = await sweepOrphans(app.db, app.storage.dirs, now, ORPHAN_FILE_MIN_AGE_MS);
      // Biometric data: the capture frames go after the decision plus the retention (issue 16 §6).
      const faceFrames = await purgeFaceFrames(
        app.db,
        app.storage.dirs,
        now,
        app.config.faceFrameRetentionDays,
      );
      return { ...purged, orphanFiles, faceFrames };
    };
    const round = () => {
      runOnce().then(
        (result) => app.log.debug({ housekeeping: result }, 'housekeeping round'),
        (err: unknown) => app.log.warn({ err }, 'housekeeping round failed; the next round retries'),
      );
    };
    app.decorate('housekeeping', { runOnce });
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
