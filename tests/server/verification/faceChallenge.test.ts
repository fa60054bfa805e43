// Issue 28 §3 over real HTTP and PostgreSQL: the server chooses the head movements of every capture
// — at the scan, and again after every decided capture (never the one just asked) — stores it with
// the session in the same change, shows it in the phone's views and gives it to the provider; config
// FACE_CHALLENGES pins it. The builtin provider checks no movement: what is pinned here is the
// server's choice and its storage (the movement check: tests/unit/server/faceChallenge.test.ts).
import { eq } from 'drizzle-orm';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FACE_CHALLENGES, type FaceChallenge } from '../../../src/contract/api/verification';
import { Limits } from '../../../src/contract/limits';
import { verificationEvents, verificationSessions } from '../../../src/server/db/schema/verification';
import {
  FaceEngineBusyError,
  type FaceProvider,
  type FaceVerificationInput,
  type FaceVerificationResult,
} from '../../../src/server/services/verification/faceProvider';
import { captureFace, type VerificationDeps } from '../../../src/server/services/verification/sessionService';
import { png } from '../../fixtures/files/samples';
import { createCompany, signInAs, type SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import {
  cancel,
  capture,
  consent,
  faceImage,
  openSession,
  phone,
  scan,
  scannedSession,
  tokenOf,
} from './support';

let t: TestApp;
let companyA: string;
let alice: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  companyA = (await createCompany(t.app)).id;
});
beforeEach(async () => {
  alice = await signInAs(t.app, { role: 'applicant', companyId: companyA });
});
afterAll(() => t?.close());

const storedRow = async (id: string) =>
  (await t.app.db.select().from(verificationSessions).where(eq(verificationSessions.id, id)))[0]!;

/** The builtin provider fails an image under 200 px on a side (imageTooSmall): a decided failure. */
const tooSmall = () => png(199, 400);

describe('the challenge is chosen at the scan', () => {
  it('none before the scan; the scan answers one of the known challenges, stored with the session', async () => {
    const created = await openSession(t, alice);
    expect((await storedRow(created.sessionId)).challenge).toBeNull();
    const scanned = await scan(t, tokenOf(created.link));
    expect(scanned.status).toBe(200);
    const asked = scanned.body.data.challenge;
    expect(FACE_CHALLENGES).toContain(asked);
    expect((await storedRow(created.sessionId)).challenge).toBe(asked);
    // The same one in every later phone view until a capture is decided.
    expect((await phone(t, scanned.body.data.phoneKey)).body.data.challenge).toBe(asked);
    expect((await consent(t, scanned.body.data.phoneKey)).body.data.challenge).toBe(asked);
  });

  it('in the same change as the scan: the scan event of the log is the version that stored it', async () => {
    const created = await openSession(t, alice);
    await scan(t, tokenOf(created.link));
    const row = await storedRow(created.sessionId);
    const events = await t.app.db
      .select()
      .from(verificationEvents)
      .where(eq(verificationEvents.sessionId, created.sessionId));
    expect(events.map((e) => [e.event, e.version])).toEqual([
      ['session.create', 1],
      ['phone.scan', 2],
    ]);
    expect(row.version).toBe(2);
    expect(row.challenge).not.toBeNull();
  });

  it('the scans draw over all 32 three-move challenges (crypto randomness)', async () => {
    const seen = new Set<FaceChallenge | null>();
    // Few scans (the scan route allows 30 a minute, and this file scans more): the spread over all
    // 32 is chooseChallenge's unit test (tests/unit/server/faceConfig.test.ts).
    for (let i = 0; i < 8; i++) {
      const created = await openSession(t, alice);
      seen.add((await scan(t, tokenOf(created.link))).body.data.challenge);
    }
    // 8 uniform draws over 32 are almost always 6 or more different ones; a fixed pick is one.
    for (const challenge of seen) expect(FACE_CHALLENGES).toContain(challenge);
    expect(seen.size).toBeGreaterThanOrEqual(4);
  });
});

describe('a new challenge after every decided capture', () => {
  it('each failed capture asks the retry for another movement than the one just asked', async () => {
    const { id, key } = await scannedSession(t, alice);
    let asked = (await phone(t, key)).body.data.challenge;
    for (let attempt = 1; attempt < Limits.face.attemptsPerScan; attempt++) {
      const failed = await capture(t, key, tooSmall());
      expect(failed.body.data).toMatchObject({ state: 'failed', outcomeReason: 'imageTooSmall' });
      const next = failed.body.data.challenge;
      expect(FACE_CHALLENGES).toContain(next);
      expect(next).not.toBe(asked);
      expect((await storedRow(id)).challenge).toBe(next);
      expect((await phone(t, key)).body.data.challenge).toBe(next);
      asked = next;
    }
  });

  it('a capture that ends the checks leaves no challenge: verified, and the last failure', async () => {
    const verified = await scannedSession(t, alice);
    const answer = await capture(t, verified.key, faceImage());
    expect(answer.body.data).toMatchObject({ state: 'verified', challenge: null });
    expect((await storedRow(verified.id)).challenge).toBeNull();

    const failing = await scannedSession(t, alice);
    let last = await capture(t, failing.key, tooSmall());
    for (let attempt = 2; attempt <= Limits.face.attemptsPerScan; attempt++) {
      last = await capture(t, failing.key, tooSmall());
    }
    expect(last.body.data).toMatchObject({ state: 'failedFinal', challenge: null });
    expect((await storedRow(failing.id)).challenge).toBeNull();
  });

  it('a cancelled session shows no challenge to the phone', async () => {
    const { key } = await scannedSession(t, alice);
    expect((await cancel(t, key)).body.data).toMatchObject({ state: 'cancelled', challenge: null });
    expect((await phone(t, key)).body.data.challenge).toBeNull();
  });
});

describe('the provider is asked with the challenge the phone was shown', () => {
  const ENGINE = { name: 'scripted', version: '1' };
  function scripted(...answers: Array<FaceVerificationResult | Error>) {
    const inputs: FaceVerificationInput[] = [];
    const provider: FaceProvider = {
      name: 'scripted',
      verify: (input) => {
        inputs.push(input);
        const next = answers.shift();
        if (!next) return Promise.reject(new Error('no scripted answer left'));
        return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
      },
    };
    return { provider, inputs };
  }
  const depsWith = (provider: FaceProvider): VerificationDeps => ({
    db: t.app.db,
    clock: t.app.clock,
    publicUrl: t.config.publicUrl,
    provider,
    localFiles: (keys, use) => t.app.storage.withLocalFiles(keys, use),
    challenges: t.config.faceChallenges,
  });
  const upload = (bytes: Buffer) =>
    t.app.storage.receiveUpload({ file: Readable.from([bytes]), filename: 'frame.png' });
  const cameraFrames = async () => ({
    source: 'camera' as const,
    frames: await Promise.all([faceImage(), faceImage(), faceImage()].map(upload)),
  });

  it('camera frames carry the stored challenge; the retry is asked the new one', async () => {
    const { id, key } = await scannedSession(t, alice);
    const first = (await storedRow(id)).challenge;
    const { provider, inputs } = scripted(
      { outcome: 'failed', reason: 'challengeNotSeen', engine: ENGINE },
      { outcome: 'verified', score: 0.9, engine: ENGINE },
    );
    const deps = depsWith(provider);
    const failed = await captureFace(deps, key, await cameraFrames());
    expect(failed).toMatchObject({ state: 'failed', outcomeReason: 'challengeNotSeen' });
    expect(failed.challenge).not.toBe(first);
    await captureFace(deps, key, await cameraFrames());
    expect(inputs.map((i) => i.challenge)).toEqual([first, failed.challenge]);
  });

  it('a busy engine decided nothing: the same challenge is asked again', async () => {
    const { id, key } = await scannedSession(t, alice);
    const asked = (await storedRow(id)).challenge;
    const { provider } = scripted(new FaceEngineBusyError());
    await expect(captureFace(depsWith(provider), key, await cameraFrames())).rejects.toMatchObject({
      codeName: 'faceEngineBusy',
    });
    const row = await storedRow(id);
    expect(row).toMatchObject({ state: 'scanned', challenge: asked });
  });

  it('an engine fault (a retry, no attempt spent) still asks for a new movement: its frames were sent', async () => {
    const { id, key } = await scannedSession(t, alice);
    const asked = (await storedRow(id)).challenge;
    const { provider } = scripted(new Error('engine crashed'));
    const row = await captureFace(depsWith(provider), key, await cameraFrames());
    expect(row).toMatchObject({ state: 'failed', outcomeReason: 'providerError', attempts: 0 });
    expect(row.challenge).not.toBe(asked);
    expect(FACE_CHALLENGES).toContain(row.challenge);
  });

  it('a session row from before session 13 (an old two-move name) is asked its two moves, then a new three-move one', async () => {
    const { id, key } = await scannedSession(t, alice);
    await t.app.db
      .update(verificationSessions)
      .set({ challenge: 'rightThenLeft' })
      .where(eq(verificationSessions.id, id));
    expect((await phone(t, key)).body.data.challenge).toBe('right-left');
    const { provider, inputs } = scripted({ outcome: 'failed', reason: 'challengeNotSeen', engine: ENGINE });
    const failed = await captureFace(depsWith(provider), key, await cameraFrames());
    expect(inputs[0]!.challenge).toBe('right-left');
    expect(FACE_CHALLENGES).toContain(failed.challenge);
    expect((await phone(t, key)).body.data.challenge).toBe(failed.challenge);
  });

  it('a stored challenge that is no challenge is read as none: no 500, the older any-turn rule', async () => {
    const { id, key } = await scannedSession(t, alice);
    await t.app.db
      .update(verificationSessions)
      .set({ challenge: 'spin-twice' })
      .where(eq(verificationSessions.id, id));
    const view = await phone(t, key);
    expect(view.status).toBe(200);
    expect(view.body.data.challenge).toBeNull();
    const { provider, inputs } = scripted({ outcome: 'verified', score: 0.9, engine: ENGINE });
    await captureFace(depsWith(provider), key, await cameraFrames());
    expect(inputs[0]!.challenge).toBeNull();
  });

  it('the file picker is asked no movement', async () => {
    const { key } = await scannedSession(t, alice);
    const { provider, inputs } = scripted({ outcome: 'verified', engine: ENGINE });
    await captureFace(depsWith(provider), key, { source: 'file', frames: [await upload(faceImage())] });
    expect(inputs[0]!.challenge).toBeNull();
  });
});

describe('FACE_CHALLENGES pins the challenge', () => {
  let pinned: TestApp;
  let bob: SignedIn;
  beforeAll(async () => {
    pinned = await createTestApp({ faceChallenges: ['down-left-up'] });
    bob = await signInAs(pinned.app, { role: 'applicant', companyId: (await createCompany(pinned.app)).id });
  });
  afterAll(() => pinned?.close());

  it('every scan and every retry asks for the one allowed movement', async () => {
    const { key } = await scannedSession(pinned, bob);
    expect((await phone(pinned, key)).body.data.challenge).toBe('down-left-up');
    const failed = await capture(pinned, key, tooSmall());
    expect(failed.body.data).toMatchObject({ state: 'failed', challenge: 'down-left-up' });
  });
});
