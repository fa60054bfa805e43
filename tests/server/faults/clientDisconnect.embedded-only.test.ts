// Issue 17 §4 (faults): clients that walk away. 100 uploads dropped in the middle of their file
// (certification and card documents, phone face captures; half with a FIN, half with a TCP reset),
// and 100 live QR event streams dropped, half after their first event, half while the server is
// still opening them. Afterwards nothing is left: no temp or stored file, no row, and every
// resource the requests took is back to where it was before them — open sockets, pool connections,
// the verification LISTEN connection (held only while a stream is open), timers, and the listener
// counts of the process, the HTTP server and the pool.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_APPLICATION_FILE_KIND } from '../../../src/contract/api/card';
import { VerificationPaths } from '../../../src/contract/api/verification';
import { listenerApplicationName } from '../../../src/server/db/pgListener';
import { storedFiles } from '../../../src/server/db/schema/files';
import { verificationSessions } from '../../../src/server/db/schema/verification';
import { VERIFICATION_NOTIFY_CHANNEL } from '../../../src/server/services/verification/sessionStore';
import { startGet, startUpload, type RawClient } from '../../support/faultClients';
import { waitUntil } from '../../support/faultWait';
import { createCompany, signInAs, type SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { openSession, openStream, scannedSession } from '../verification/support';

const CLIENTS = 100;
const FACE_CAPTURES = 10; // within the phone's capture rate limit per IP
const SETTLE_MS = 30_000;

let t: TestApp;
let alice: SignedIn;
let counter: pg.Client;
let photo: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signInAs(t.app, { role: 'applicant', companyId: (await createCompany(t.app)).id });
  counter = new pg.Client({ connectionString: t.config.databaseUrl });
  await counter.connect();
  // A real photo that does not compress, a few hundred KB: room for "the middle of the file".
  const [width, height] = [480, 400];
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  photo = await sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
});
afterAll(async () => {
  await counter?.end();
  await t?.close();
});

const anotherApplicant = async () =>
  signInAs(t.app, { role: 'applicant', companyId: (await createCompany(t.app)).id });

const tmpDir = () => t.app.storage.dirs.tmpDir;
const partFiles = () => readdirSync(tmpDir());
/** Stored files: everything in the files folder but the temp folder. */
const storedOnDisk = () =>
  readdirSync(t.app.storage.dirs.filesDir).filter(
    (n) => path.join(t.app.storage.dirs.filesDir, n) !== tmpDir(),
  );

function listenerTotal(emitter: NodeJS.EventEmitter): number {
  return emitter.eventNames().reduce((sum, name) => sum + emitter.listenerCount(name), 0);
}

/** What a request can take and fail to give back. */
async function resources() {
  const pool = t.app.pool;
  const listens = await counter.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
    [listenerApplicationName(VERIFICATION_NOTIFY_CHANNEL)],
  );
  return {
    openSockets: await new Promise<number>((resolve, reject) =>
      t.app.server.getConnections((error, n) => (error ? reject(error) : resolve(n))),
    ),
    poolInUse: pool.totalCount - pool.idleCount,
    poolWaiting: pool.waitingCount,
    verificationListens: listens.rows[0]?.n ?? -1,
    timers: process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length,
    listeners: {
      process: listenerTotal(process),
      server: listenerTotal(t.app.server),
      pool: listenerTotal(pool),
    },
  };
}
type Resources = Awaited<ReturnType<typeof resources>>;

/**
 * Polls until every count is back at the baseline; on a timeout, says which were not. Timers may end
 * below it: the baseline can hold short-lived timers of the process (a pool's idle timeout, a
 * housekeeping round) that have run out since; a timer a request left behind is one too many.
 */
async function expectBackTo(baseline: Resources) {
  let last: Resources | undefined;
  const settled = (now: Resources) => ({ ...now, timers: Math.max(0, now.timers - baseline.timers) });
  const expected = { ...baseline, timers: 0 };
  try {
    await waitUntil(
      async () => {
        last = await resources();
        return JSON.stringify(settled(last)) === JSON.stringify(expected);
      },
      'every resource back at its baseline',
      SETTLE_MS,
    );
  } catch {
    expect(last && settled(last)).toEqual(expected);
  }
}

const dropAll = (clients: RawClient[]) => clients.forEach((c, i) => c.drop(i % 2 === 0 ? 'end' : 'reset'));

describe('clients that disconnect', () => {
  it(`mid-upload (${CLIENTS}): no temp or stored file, no row, every resource back`, async () => {
    // One company each: a company's new session supersedes its older ones.
    const sessions = await Promise.all(
      Array.from({ length: FACE_CAPTURES }, async () => scannedSession(t, await anotherApplicant())),
    );
    const sessionsBefore = await t.app.db
      .select()
      .from(verificationSessions)
      .where(
        inArray(
          verificationSessions.id,
          sessions.map((s) => s.id),
        ),
      );
    const baseline = await resources();
    expect(partFiles()).toEqual([]);

    const half = Math.floor(photo.length / 2);
    const file = { contentType: 'image/jpeg', bytes: photo, sentBytes: half };
    const uploads = Array.from({ length: CLIENTS - FACE_CAPTURES }, (_, i) =>
      startUpload(
        `${t.url}/plat/files`,
        alice.headers,
        { kind: i % 2 === 0 ? 'businessLicense' : CARD_APPLICATION_FILE_KIND },
        { ...file, name: 'document.jpg', field: 'file' },
      ),
    );
    const captures = sessions.map((s) =>
      startUpload(
        `${t.url}/plat${VerificationPaths.capture}`,
        {},
        { key: s.key, source: 'file' },
        { ...file, name: 'face.jpg', field: 'frame' },
      ),
    );
    const clients = await Promise.all([...uploads, ...captures]);
    // Every one of them is mid-file: its temp file exists and is being written.
    await waitUntil(() => partFiles().length === CLIENTS, `${CLIENTS} uploads in progress`, SETTLE_MS);
    expect(clients.every((c) => c.received() === '')).toBe(true);

    dropAll(clients);

    await waitUntil(() => partFiles().length === 0, 'every temp file removed', SETTLE_MS);
    expect(storedOnDisk()).toEqual([]);
    expect(await t.app.db.select().from(storedFiles)).toEqual([]);
    const sessionsAfter = await t.app.db
      .select()
      .from(verificationSessions)
      .where(
        inArray(
          verificationSessions.id,
          sessions.map((s) => s.id),
        ),
      );
    expect(sessionsAfter).toEqual(sessionsBefore);
    await expectBackTo(baseline);
  });

  it(`mid-stream (${CLIENTS} QR event streams): every subscriber, timer and connection released`, async () => {
    const owners = await Promise.all(Array.from({ length: 10 }, () => anotherApplicant()));
    const sessions = await Promise.all(owners.map((owner) => openSession(t, owner)));
    const baseline = await resources();
    expect(baseline.verificationListens).toBe(0);
    const streamUrl = (i: number) => `${t.url}/plat${VerificationPaths.events(sessions[i % 10]!.sessionId)}`;
    const headers = (i: number) => ({ ...owners[i % 10]!.headers, accept: 'text/event-stream' });

    // Half get their first event and then go.
    const following = await Promise.all(
      Array.from({ length: CLIENTS / 2 }, (_, i) => startGet(streamUrl(i), headers(i))),
    );
    await waitUntil(
      () => following.every((c) => /\ndata: /.test(c.received())),
      'the first event on every stream',
      SETTLE_MS,
    );
    expect((await resources()).verificationListens).toBe(1);
    dropAll(following);

    // Half go while the server is still opening their stream (auth, ownership, subscribe).
    const hasty = await Promise.all(
      Array.from({ length: CLIENTS / 2 }, (_, i) => startGet(streamUrl(i), headers(i))),
    );
    await Promise.all(
      hasty.map(
        (c, i) =>
          new Promise<void>((resolve) =>
            setTimeout(() => {
              c.drop(i % 2 === 0 ? 'end' : 'reset');
              resolve();
            }, i % 25),
          ),
      ),
    );

    await expectBackTo(baseline);

    // The hub still works: a new stream gets its event, and the LISTEN comes back for it.
    const stream = await openStream(t, owners[0]!, sessions[0]!.sessionId);
    try {
      expect((await stream.next(SETTLE_MS)).data.state).toBe('created');
    } finally {
      stream.close();
    }
    const [row] = await t.app.db
      .select()
      .from(verificationSessions)
      .where(eq(verificationSessions.id, sessions[0]!.sessionId));
    expect(row?.state).toBe('created');
  });
});
