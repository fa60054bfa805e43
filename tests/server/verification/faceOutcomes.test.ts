// Issue 16 §3: the outcomes of a face check in the session lifecycle, enforced by the server with a
// provider the test scripts (real PostgreSQL, real files): verified, failed with up to three
// attempts per scan and then a new code, referred to review (which does not block certification,
// while a failed check does), a busy engine that spends nothing, the outcome's evidence stored,
// the ID photo from the certification draft as the reference, and every frame limit on the route.
import { eq } from 'drizzle-orm';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FaceCaptureRules, type VerificationSessionView } from '../../../src/contract/api/verification';
import { Codes } from '../../../src/contract/codes';
import { certificationApplications } from '../../../src/server/db/schema/certification';
import { verificationFrames, verificationSessions } from '../../../src/server/db/schema/verification';
import { AppError } from '../../../src/server/errors';
import {
  FaceEngineBusyError,
  type FaceProvider,
  type FaceVerificationInput,
  type FaceVerificationResult,
} from '../../../src/server/services/verification/faceProvider';
import { isVerificationSessionVerified } from '../../../src/server/services/verification/index';
import { captureFace, type VerificationDeps } from '../../../src/server/services/verification/sessionService';
import { jpeg, png } from '../../fixtures/files/samples';
import { createCompany, signInAs, type SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { capture, desktop, faceImage, legacyCapture, phone, scannedSession } from './support';

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

const code = (name: keyof typeof Codes) => Codes[name].code;
const ENGINE = { name: 'scripted', version: '2.0' };
const LIVE = { passed: true, yawRangeDeg: 24, pitchRangeDeg: 3, frames: 3 };

/** A provider that gives the scripted answers in order and keeps what it was asked. */
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
});

const upload = (bytes: Buffer) =>
  t.app.storage.receiveUpload({ file: Readable.from([bytes]), filename: 'frame.png' });
const cameraFrames = async () => ({
  source: 'camera' as const,
  frames: await Promise.all([faceImage(), faceImage(), faceImage()].map(upload)),
});
const fileFrame = async () => ({ source: 'file' as const, frames: [await upload(faceImage())] });

const failed = (reason: FaceVerificationResult['reason']): FaceVerificationResult => ({
  outcome: 'failed',
  reason,
  engine: ENGINE,
});

const storedRow = async (id: string) =>
  (await t.app.db.select().from(verificationSessions).where(eq(verificationSessions.id, id)))[0]!;

const submittable = (sessionId: string) =>
  isVerificationSessionVerified(t.app.db, { sessionId, companyId: companyA });

describe('verified: match and liveness', () => {
  it('stores the outcome, score, liveness, engine and every frame; certification may be submitted', async () => {
    const { id, key } = await scannedSession(t, alice);
    const { provider } = scripted({ outcome: 'verified', score: 0.83, liveness: LIVE, engine: ENGINE });
    const row = await captureFace(depsWith(provider), key, await cameraFrames());
    expect(row).toMatchObject({
      state: 'verified',
      outcome: 'verified',
      outcomeReason: null,
      score: 0.83,
      liveness: LIVE,
      engineName: 'scripted',
      engineVersion: '2.0',
      captureSource: 'camera',
      attempts: 0,
      provider: 'scripted',
    });
    expect(row.decidedAt?.toISOString()).toBe(t.clock.now().toISOString());
    const frames = await t.app.db
      .select()
      .from(verificationFrames)
      .where(eq(verificationFrames.sessionId, id));
    expect(frames.map((f) => [f.capture, f.position])).toEqual([
      [1, 0],
      [1, 1],
      [1, 2],
    ]);
    expect(await submittable(id)).toBe(true);
  });
});

describe('failed: up to three attempts per scan, then a new code', () => {
  it('each failure says why and how many attempts are left; the third ends the scan', async () => {
    const { id, key } = await scannedSession(t, alice);
    const { provider } = scripted(failed('noMatch'), failed('noLiveness'), failed('noFace'));
    const deps = depsWith(provider);
    expect(FaceCaptureRules.attemptsPerScan).toBe(3);

    const first = await captureFace(deps, key, await cameraFrames());
    expect(first).toMatchObject({ state: 'failed', outcomeReason: 'noMatch', attempts: 1 });
    expect((await phone(t, key)).body.data.attemptsLeft).toBe(2);
    expect(await submittable(id)).toBe(false);

    expect(await captureFace(deps, key, await cameraFrames())).toMatchObject({
      state: 'failed',
      outcomeReason: 'noLiveness',
    });
    const last = await captureFace(deps, key, await cameraFrames());
    expect(last).toMatchObject({ state: 'failedFinal', outcomeReason: 'noFace', attempts: 3 });

    // The desktop sees why and that a new code is needed; the phone cannot try again.
    const seen = await desktop(t, alice, id);
    expect(seen.body.data).toMatchObject<Partial<VerificationSessionView>>({
      state: 'failedFinal',
      outcomeReason: 'noFace',
      attemptsLeft: 0,
      rescanRequired: true,
      desktopMayClose: true,
    });
    const fourth = await capture(t, key, faceImage());
    expect(fourth.status).toBe(409);
    expect(fourth.body.code).toBe(code('transitionNotAllowed'));
    expect((await storedRow(id)).attempts).toBe(3);
    expect(await submittable(id)).toBe(false);
  });

  it('over HTTP a failed check answers faceCheckFailed (HTTP 200) with the view', async () => {
    const { key } = await scannedSession(t, alice);
    const small = await capture(t, key, png(120, 120));
    expect(small.status).toBe(200);
    expect(small.body.code).toBe(code('faceCheckFailed'));
    expect(small.body.data).toMatchObject({
      state: 'failed',
      outcomeReason: 'imageTooSmall',
      attemptsLeft: 2,
    });
  });

  it('an engine fault spends no attempt', async () => {
    const { id, key } = await scannedSession(t, alice);
    const row = await captureFace(
      depsWith(scripted(new Error('engine crashed')).provider),
      key,
      await cameraFrames(),
    );
    expect(row).toMatchObject({ state: 'failed', outcomeReason: 'providerError', attempts: 0 });
    expect((await phone(t, key)).body.data.attemptsLeft).toBe(3);
    expect((await storedRow(id)).attempts).toBe(0);
  });
});

describe('referred to review', () => {
  for (const reason of ['greyBand', 'referenceHasNoFace', 'noReference'] as const) {
    it(`${reason}: referred, and certification may still be submitted`, async () => {
      const { id, key } = await scannedSession(t, alice);
      const { provider } = scripted({ outcome: 'referred', reason, score: 0.6, engine: ENGINE });
      const row = await captureFace(depsWith(provider), key, await cameraFrames());
      expect(row).toMatchObject({ state: 'referred', outcome: 'referred', outcomeReason: reason });
      expect((await desktop(t, alice, id)).body.data).toMatchObject({
        state: 'referred',
        rescanRequired: false,
      });
      expect(await submittable(id)).toBe(true);
    });
  }

  it('the file picker is never verified without a reviewer, whatever the provider says', async () => {
    const { id, key } = await scannedSession(t, alice);
    const { provider, inputs } = scripted({ outcome: 'verified', score: 0.9, engine: ENGINE });
    const row = await captureFace(depsWith(provider), key, await fileFrame());
    expect(inputs[0]?.source).toBe('file');
    expect(row).toMatchObject({ state: 'referred', outcomeReason: 'fileFallback', captureSource: 'file' });
    expect(await submittable(id)).toBe(true);
  });

  it('over HTTP (built-in provider): the file picker, also from an older client, is referred', async () => {
    const one = await scannedSession(t, alice);
    const answer = await capture(t, one.key, faceImage(), { source: 'file' });
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(code('ok'));
    expect(answer.body.data).toMatchObject({ state: 'referred', outcomeReason: 'fileFallback' });
    const two = await scannedSession(t, alice);
    expect((await legacyCapture(t, two.key, faceImage())).body.data.state).toBe('referred');
  });
});

describe('a busy engine', () => {
  it('answers faceEngineBusy (503), spends no attempt, and the phone may send again', async () => {
    const { id, key } = await scannedSession(t, alice);
    const { provider } = scripted(new FaceEngineBusyError('pool full'), {
      outcome: 'verified',
      liveness: LIVE,
      engine: ENGINE,
    });
    const deps = depsWith(provider);
    const busy = await captureFace(deps, key, await cameraFrames()).catch((e: unknown) => e);
    expect(busy).toBeInstanceOf(AppError);
    expect((busy as AppError).codeName).toBe('faceEngineBusy');
    expect((busy as AppError).httpStatus).toBe(503);
    expect(await storedRow(id)).toMatchObject({ state: 'scanned', attempts: 0 });
    expect((await captureFace(deps, key, await cameraFrames())).state).toBe('verified');
  });
});

describe('the reference: the authorizer ID photo from the certification draft', () => {
  it('is the ID front the company uploaded; none without one', async () => {
    const { key } = await scannedSession(t, alice);
    const none = scripted({ outcome: 'referred', reason: 'noReference', engine: ENGINE });
    await captureFace(depsWith(none.provider), key, await cameraFrames());
    expect(none.inputs[0]?.reference).toBeNull();

    const idFront = await (
      await upload(png(400, 300))
    ).save(t.app.db, { kind: 'idFront', companyId: companyA, uploadedBy: alice.userId }, t.clock.now());
    await t.app.db
      .insert(certificationApplications)
      .values({
        companyId: companyA,
        lifecycleState: 'notCertified.draft',
        draft: {
          uploadAuthorizerInfo: { choice: 'none', person: { document: { frontFileId: idFront.id } } },
        },
      })
      .onConflictDoNothing();
    const second = await scannedSession(t, alice);
    const withRef = scripted({ outcome: 'verified', engine: ENGINE });
    const row = await captureFace(depsWith(withRef.provider), second.key, await cameraFrames());
    expect(withRef.inputs[0]?.reference).toMatchObject({ fileId: idFront.id, contentType: 'image/png' });
    expect(row.referenceFileId).toBe(idFront.id);
  });
});

describe('every frame limit on the route (nothing stored, the session does not move)', () => {
  const cases: Array<[string, Parameters<typeof capture>[3], number, keyof typeof Codes]> = [
    ['too few camera frames', { frames: [faceImage(), faceImage()] }, 400, 'frameCountInvalid'],
    [
      'too many camera frames',
      { frames: Array.from({ length: FaceCaptureRules.camera.maxFrames + 1 }, () => faceImage()) },
      400,
      'frameCountInvalid',
    ],
    [
      'two photos from the file picker',
      { source: 'file', frames: [faceImage(), faceImage()] },
      400,
      'frameCountInvalid',
    ],
    [
      'a camera frame above the per-frame size',
      { frames: [faceImage(), faceImage(), jpegOf(FaceCaptureRules.camera.frameMaxBytes + 1)] },
      413,
      'frameTooLarge',
    ],
    [
      'a frame that is not an image',
      { frames: [faceImage(), faceImage(), Buffer.from('text, not a frame')] },
      415,
      'fileTypeNotAllowed',
    ],
  ];
  for (const [name, opts, status, expected] of cases) {
    it(name, async () => {
      const { id, key } = await scannedSession(t, alice);
      const before = await storedRow(id);
      const answer = await capture(t, key, faceImage(), opts);
      expect(answer.status).toBe(status);
      expect(answer.body.code).toBe(code(expected));
      expect(await storedRow(id)).toEqual(before);
      expect(
        await t.app.db.select().from(verificationFrames).where(eq(verificationFrames.sessionId, id)),
      ).toEqual([]);
    });
  }

  it('an unknown source is refused with validationFailed', async () => {
    const form = new FormData();
    const { key } = await scannedSession(t, alice);
    form.append('key', key);
    form.append('source', 'scanner');
    form.append('frame', new Blob([new Uint8Array(faceImage())]), 'f.png');
    const res = await fetch(`${t.url}/plat/verify/capture`, { method: 'POST', body: form });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: number }).code).toBe(code('validationFailed'));
  });
});

/** A JPEG of `size` bytes whose header declares a face-sized picture. */
function jpegOf(size: number): Buffer {
  const head = jpeg({ width: 640, height: 480 });
  return Buffer.concat([
    head.subarray(0, head.length - 2),
    Buffer.alloc(size - head.length),
    head.subarray(-2),
  ]);
}
