// Issue 16 §6: the capture frames are biometric data. Housekeeping (the real round, on the test
// clock) deletes them the retention period after the decision — the session's last change when no
// submitted application uses it, the reviewer's final decision when one does — and not a second
// earlier; the bytes, the file rows and the frame list go, the outcome stays.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificationApplications } from '../../../src/server/db/schema/certification';
import { storedFiles } from '../../../src/server/db/schema/files';
import { verificationFrames, verificationSessions } from '../../../src/server/db/schema/verification';
import { createCompany, signInAs } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { capture, faceImage, scannedSession } from './support';

const RETENTION_DAYS = 30;
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ faceFrameRetentionDays: RETENTION_DAYS });
});
afterAll(() => t?.close());

/** A company whose authorizer verified with the camera now: the session id and its frame files. */
async function verifiedSession() {
  const companyId = (await createCompany(t.app)).id;
  const who = await signInAs(t.app, { role: 'applicant', companyId });
  const { id, key } = await scannedSession(t, who);
  expect((await capture(t, key, faceImage())).body.data.state).toBe('verified');
  const frames = await t.app.db.select().from(verificationFrames).where(eq(verificationFrames.sessionId, id));
  expect(frames.length).toBeGreaterThan(0);
  return { id, companyId, fileIds: frames.map((f) => f.fileId) };
}

async function evidence(id: string, fileIds: string[]) {
  const files = await t.app.db.select().from(storedFiles).where(inArray(storedFiles.id, fileIds));
  const [session] = await t.app.db.select().from(verificationSessions).where(eq(verificationSessions.id, id));
  const frames = await t.app.db.select().from(verificationFrames).where(eq(verificationFrames.sessionId, id));
  return {
    frames: frames.length,
    liveFiles: files.filter((f) => f.deletedAt === null).length,
    bytesOnDisk: files.filter((f) => existsSync(path.join(t.app.storage.dir, f.storageKey))).length,
    purgedAt: session?.framesPurgedAt ?? null,
    outcome: session?.outcome ?? null,
  };
}

const round = () => t.app.housekeeping.runOnce();

describe('face-capture frames after the decision plus the retention period', () => {
  it('a session no submitted application uses: kept until its last change + 30 days, then deleted', async () => {
    const { id, fileIds } = await verifiedSession();
    const n = fileIds.length;
    t.clock.advance(RETENTION_DAYS * DAY - 1000);
    await round();
    expect(await evidence(id, fileIds)).toMatchObject({
      frames: n,
      liveFiles: n,
      bytesOnDisk: n,
      purgedAt: null,
    });

    t.clock.advance(2000);
    const done = await round();
    expect(done).toMatchObject({ faceFrames: { frames: n } });
    expect(await evidence(id, fileIds)).toMatchObject({
      frames: 0,
      liveFiles: 0,
      bytesOnDisk: 0,
      purgedAt: t.clock.now(),
      outcome: 'verified',
    });
  });

  it('a session of an application under review is kept; after the decision, 30 days more', async () => {
    const { id, companyId, fileIds } = await verifiedSession();
    const n = fileIds.length;
    const submittedAt = t.clock.now();
    await t.app.db.insert(certificationApplications).values({
      companyId,
      lifecycleState: 'underReview',
      submittedData: { uploadAuthorizerInfo: { choice: 'none', verificationSessionId: id } },
      submittedAt,
    });
    t.clock.advance(3 * RETENTION_DAYS * DAY);
    await round();
    expect(await evidence(id, fileIds)).toMatchObject({ frames: n, bytesOnDisk: n, purgedAt: null });

    await t.app.db
      .update(certificationApplications)
      .set({ decision: 'approved', decidedAt: t.clock.now(), lifecycleState: 'approved' })
      .where(eq(certificationApplications.companyId, companyId));
    t.clock.advance(RETENTION_DAYS * DAY - 1000);
    await round();
    expect(await evidence(id, fileIds)).toMatchObject({ frames: n, bytesOnDisk: n, purgedAt: null });
    t.clock.advance(2000);
    await round();
    expect(await evidence(id, fileIds)).toMatchObject({ frames: 0, liveFiles: 0, bytesOnDisk: 0 });
  });
});
