// Face-capture frames are special-category (biometric) data (issue 16 §6; docs/decisions/face.md "Retention of frames"): kept
// while someone may still have to look at them, then deleted. A session's frames go once the
// retention period has passed after its decision:
//   - used by a submitted certification application: the reviewer's final decision on it
//     (approved or rejected; while it waits for review, after a revision request, or once it is
//     submitted again after a decision, they stay);
//   - not used by any submitted application (abandoned, cancelled, expired, failed, replaced by a
//     newer code, or only in a draft): the session's last change.
// The bytes and the file rows go (the row soft-deleted, like any removed upload); the session keeps
// its outcome, score, liveness and engine, and records when its frames were purged.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { verificationFrames, verificationSessions } from '../db/schema/verification';
import { removeFile } from '../storage/fileStore';
import type { ObjectStore } from '../storage/objectStore';
import type { Db } from '../types';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Sessions whose frames are due, at most `limit` per round (the next round takes the rest). */
async function dueSessions(db: Db, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    select s.id
    from ${verificationSessions} s
    left join lateral (
      select max(a.decided_at) filter (where a.decision in ('approved', 'rejected')) as decided_at,
             -- Waiting for a (new) decision: none yet, a revision asked, or submitted again since.
             bool_or(a.decision is null or a.decision not in ('approved', 'rejected')
                     or a.decided_at is null or a.submitted_at > a.decided_at) as pending
      from certification_applications a
      where a.submitted_data -> 'uploadAuthorizerInfo' ->> 'verificationSessionId' = s.id::text
    ) used on true
    where s.frames_purged_at is null
      and exists (select 1 from ${verificationFrames} f where f.session_id = s.id)
      and case
            when used.pending then false
            when used.decided_at is not null then used.decided_at < ${cutoff.toISOString()}::timestamptz
            else s.updated_at < ${cutoff.toISOString()}::timestamptz
          end
    order by s.updated_at
    limit ${limit}`);
  return rows.rows.map((r) => r.id);
}

export interface FaceFramePurge {
  sessions: number;
  frames: number;
}

export async function purgeFaceFrames(
  db: Db,
  store: ObjectStore,
  now: Date,
  retentionDays: number,
  limit = 500,
): Promise<FaceFramePurge> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  const ids = await dueSessions(db, cutoff, limit);
  let frames = 0;
  for (const id of ids) {
    const files = await db
      .select({ fileId: verificationFrames.fileId })
      .from(verificationFrames)
      .where(eq(verificationFrames.sessionId, id));
    for (const { fileId } of files) {
      if (await removeFile(db, store, fileId, now)) frames += 1;
    }
    await db.transaction(async (tx) => {
      await tx.delete(verificationFrames).where(eq(verificationFrames.sessionId, id));
      await tx
        .update(verificationSessions)
        .set({ framesPurgedAt: now })
        .where(and(eq(verificationSessions.id, id), isNull(verificationSessions.framesPurgedAt)));
    });
  }
  return { sessions: ids.length, frames };
}
