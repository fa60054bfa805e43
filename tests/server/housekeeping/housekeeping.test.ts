// Housekeeping: what expired more than a day ago is deleted, what is still usable (or expired only
// recently, so a late click still reads "expired") is kept; files no live row points at are swept
// once they are an hour old, and a live file is never touched.
import { randomBytes } from 'node:crypto';
import { mkdir, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLinks, captchaChallenges, emailCodes } from '../../../src/server/db/schema/accountFlows';
import { passwordNonces, rateLimitCounters, sessions } from '../../../src/server/db/schema/accounts';
import { KEEP_AFTER_EXPIRY_MS } from '../../../src/server/housekeeping/purgeExpired';
import { ORPHAN_FILE_MIN_AGE_MS } from '../../../src/server/plugins/housekeeping';
import { signInAs } from '../../support/sessions';
import { upload } from '../certification/support';
import { createTestApp, type TestApp } from '../../support/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(t.clock.now().getTime() - ms);
const hash = () => randomBytes(16).toString('hex');

describe('housekeeping', () => {
  it('deletes security records a day past their expiry and keeps the rest', async () => {
    const who = await signInAs(t.app, { role: 'applicant' });
    const old = ago(KEEP_AFTER_EXPIRY_MS + HOUR);
    const recent = ago(HOUR);
    const db = t.app.db;
    const [oldCode, recentCode] = await db
      .insert(emailCodes)
      .values([
        { email: 'old@example.com', codeHash: hash(), sentAt: old, expiresAt: old },
        { email: 'recent@example.com', codeHash: hash(), sentAt: recent, expiresAt: recent },
      ])
      .returning();
    const [oldLink, liveLink] = await db
      .insert(accountLinks)
      .values([
        { userId: who.userId, purpose: 'reset', tokenHash: hash(), createdAt: old, expiresAt: old },
        { userId: who.userId, purpose: 'reset', tokenHash: hash(), createdAt: recent, expiresAt: ago(-HOUR) },
      ])
      .returning();
    const [oldPuzzle, puzzleWithLiveToken] = await db
      .insert(captchaChallenges)
      .values([
        { gapX: 1, gapY: 1, createdAt: old, expiresAt: old },
        { gapX: 1, gapY: 1, createdAt: old, expiresAt: old, tokenHash: hash(), tokenExpiresAt: recent },
      ])
      .returning();
    const [oldSession] = await db
      .insert(sessions)
      .values({ userId: who.userId, tokenHash: hash(), expiresAt: old, lastSeenAt: old })
      .returning();
    await db.insert(rateLimitCounters).values([
      { key: 'test:spent', count: 3, resetAt: ago(1000) },
      { key: 'test:counting', count: 3, resetAt: ago(-HOUR) },
    ]);

    const round = await t.app.housekeeping.runOnce();
    expect(round).toMatchObject({ emailCodes: 1, accountLinks: 1, captchaChallenges: 1, sessions: 1 });

    const ids = async <T extends { id: string }>(rows: Promise<T[]>) => (await rows).map((r) => r.id);
    expect(await ids(db.select().from(emailCodes).where(eq(emailCodes.id, oldCode!.id)))).toEqual([]);
    expect(await ids(db.select().from(emailCodes).where(eq(emailCodes.id, recentCode!.id)))).toEqual([
      recentCode!.id,
    ]);
    expect(await ids(db.select().from(accountLinks).where(eq(accountLinks.id, oldLink!.id)))).toEqual([]);
    expect(await ids(db.select().from(accountLinks).where(eq(accountLinks.id, liveLink!.id)))).toHaveLength(
      1,
    );
    expect(
      await ids(db.select().from(captchaChallenges).where(eq(captchaChallenges.id, oldPuzzle!.id))),
    ).toEqual([]);
    expect(
      await ids(db.select().from(captchaChallenges).where(eq(captchaChallenges.id, puzzleWithLiveToken!.id))),
    ).toHaveLength(1);
    expect(await ids(db.select().from(sessions).where(eq(sessions.id, oldSession!.id)))).toEqual([]);
    // The signed-in user's own session is live and stays.
    expect(await ids(db.select().from(sessions).where(eq(sessions.userId, who.userId)))).toHaveLength(1);
    const counters = (await db.select().from(rateLimitCounters)).map((r) => r.key);
    expect(counters).toContain('test:counting');
    expect(counters).not.toContain('test:spent');
  });

  it('forgets password nonces only after they can no longer be replayed', async () => {
    await t.app.db.insert(passwordNonces).values([
      { nonce: 'old-nonce-0123456789', usedAt: ago(24 * HOUR) },
      { nonce: 'new-nonce-0123456789', usedAt: t.clock.now() },
    ]);
    await t.app.housekeeping.runOnce();
    const left = (await t.app.db.select().from(passwordNonces)).map((r) => r.nonce);
    expect(left).toContain('new-nonce-0123456789');
    expect(left).not.toContain('old-nonce-0123456789');
  });

  it('sweeps unreferenced files an hour old, never a live one or a fresh temp file', async () => {
    const who = await signInAs(t.app, { role: 'applicant' });
    const fileId = await upload(t, { signedIn: who, headers: who.headers }, 'businessLicense');
    const { filesDir, tmpDir } = t.app.storage.dirs;
    await mkdir(tmpDir, { recursive: true });
    const orphan = path.join(filesDir, 'f'.repeat(40));
    const staleTemp = path.join(tmpDir, 'cut-off-upload');
    const freshTemp = path.join(tmpDir, 'in-flight-upload');
    for (const file of [orphan, staleTemp, freshTemp]) await writeFile(file, 'x');
    const longAgo = new Date(Date.now() - ORPHAN_FILE_MIN_AGE_MS - HOUR);
    await utimes(orphan, longAgo, longAgo);
    await utimes(staleTemp, longAgo, longAgo);
    // The clock the sweep reads is the app's; keep it at the real time for the file ages.
    t.clock.set(new Date());

    const round = await t.app.housekeeping.runOnce();
    expect(round).toMatchObject({ orphanFiles: 2 });
    await expect(stat(orphan)).rejects.toThrow();
    await expect(stat(staleTemp)).rejects.toThrow();
    await expect(stat(freshTemp)).resolves.toBeTruthy();
    const live = await t.app.inject({
      method: 'GET',
      url: `/plat/files/${fileId}`,
      headers: who.headers,
    });
    expect(live.statusCode).toBe(200);
  });
});
