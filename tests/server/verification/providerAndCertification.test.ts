// The service with a face provider the test controls (real PostgreSQL, real files): the dialog
// cannot be closed while the phone is verifying, a provider fault leaves a retry, a late outcome
// after a cancel is dropped; and what certification may ask: is this session verified?
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VerificationPaths } from '../../../src/contract/api/verification';
import { Codes } from '../../../src/contract/codes';
import { isVerificationSessionVerified } from '../../../src/server/services/verification/index';
import type {
  FaceProvider,
  FaceVerificationInput,
  FaceVerificationResult,
} from '../../../src/server/services/verification/faceProvider';
import {
  builtinFaceProvider,
  selectFaceProvider,
} from '../../../src/server/services/verification/faceProvider';
import {
  cancelFromPhone,
  captureFace,
  closeSession,
  type VerificationDeps,
} from '../../../src/server/services/verification/sessionService';
import { createCompany, signInAs, type SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { call, capture, faceImage, openSession, scannedSession } from './support';
import { AppError } from '../../../src/server/errors';
import { Readable } from 'node:stream';
import { png } from '../../fixtures/files/samples';

let t: TestApp;
let companyA: string;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  companyA = (await createCompany(t.app)).id;
});
beforeEach(async () => {
  alice = await signInAs(t.app, { role: 'applicant', companyId: companyA });
  bob = await signInAs(t.app, { role: 'applicant' });
});
afterAll(() => t?.close());

const ENGINE = { name: 'gated-engine', version: '0.1' };

/** A provider that answers only when the test says so. */
function gatedProvider() {
  let open!: (r: FaceVerificationResult) => void;
  let called!: (input: FaceVerificationInput) => void;
  const calledWith = new Promise<FaceVerificationInput>((resolve) => (called = resolve));
  const provider: FaceProvider = {
    name: 'gated',
    verify: (input) => {
      called(input);
      return new Promise((resolve) => (open = resolve));
    },
  };
  return { provider, calledWith, answer: (r: Parameters<typeof open>[0]) => open(r) };
}

function depsWith(provider: FaceProvider): VerificationDeps {
  return {
    db: t.app.db,
    clock: t.app.clock,
    publicUrl: t.config.publicUrl,
    provider,
    localFiles: (keys, use) => t.app.storage.withLocalFiles(keys, use),
  };
}

const upload = (bytes: Buffer) =>
  t.app.storage.receiveUpload({ file: Readable.from([bytes]), filename: 'face.png' });
/** A camera capture of three copies of `bytes`, received and not yet stored. */
const frames = async (bytes: Buffer) => ({
  source: 'camera' as const,
  frames: [await upload(bytes), await upload(bytes), await upload(bytes)],
});
const owner = () => ({ userId: alice.userId, companyId: companyA });

describe('while the provider decides', () => {
  it('the session is verifying and the dialog cannot be closed; then verified', async () => {
    const gate = gatedProvider();
    const deps = depsWith(gate.provider);
    const { id, key } = await scannedSession(t, alice);
    const done = captureFace(deps, key, await frames(faceImage()));
    const input = await gate.calledWith;
    expect(input.sessionId).toBe(id);
    expect(input.frames.map((f) => f.contentType)).toEqual(['image/png', 'image/png', 'image/png']);
    expect(input.source).toBe('camera');
    expect(input.consentAt).toBeInstanceOf(Date);

    const refused = await closeSession(deps, owner(), id).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe(Codes.transitionNotAllowed.code);
    const viaHttp = await call(t, 'POST', VerificationPaths.close(id), { who: alice });
    expect(viaHttp.status).toBe(409);

    gate.answer({ outcome: 'verified', engine: ENGINE });
    const row = await done;
    expect(row.state).toBe('verified');
    expect(row.provider).toBe('gated');
  });

  it('a cancel from the phone during verification wins; the late outcome is dropped', async () => {
    const gate = gatedProvider();
    const deps = depsWith(gate.provider);
    const { key } = await scannedSession(t, alice);
    const done = captureFace(deps, key, await frames(faceImage()));
    await gate.calledWith;
    expect((await cancelFromPhone(deps, key)).state).toBe('cancelled');
    gate.answer({ outcome: 'verified', engine: ENGINE });
    expect((await done).state).toBe('cancelled');
  });

  it('a provider that throws leaves the session failed with a retry, never a 500', async () => {
    const deps = depsWith({
      name: 'broken',
      verify: () => Promise.reject(new Error('vendor unreachable')),
    });
    const { key } = await scannedSession(t, alice);
    const row = await captureFace(deps, key, await frames(faceImage()));
    expect(row.state).toBe('failed');
    expect(row.outcomeReason).toBe('providerError');
  });
});

describe('the built-in provider', () => {
  it('needs consent and a face-sized image', async () => {
    const provider = builtinFaceProvider({});
    const file = async (bytes: Buffer) => {
      const saved = await (
        await upload(bytes)
      ).save(t.app.db, { kind: 'faceCapture', companyId: null, uploadedBy: null }, new Date());
      return {
        frames: [{ contentType: saved.contentType, path: `${t.app.storage.dir}/${saved.storageKey}` }],
        source: 'camera' as const,
        challenge: null,
        reference: null,
        sessionId: 'x',
      };
    };
    const big = await file(png(200, 200));
    expect(await provider.verify({ ...big, consentAt: new Date() })).toMatchObject({ outcome: 'verified' });
    expect(await provider.verify({ ...big, consentAt: null })).toMatchObject({
      outcome: 'failed',
      reason: 'consentMissing',
    });
    const narrow = await file(png(199, 300));
    expect(await provider.verify({ ...narrow, consentAt: new Date() })).toMatchObject({
      reason: 'imageTooSmall',
    });
  });

  it('is selectable by name (the face engine is the default); an unknown name stops the start', () => {
    expect(selectFaceProvider('builtin').name).toBe('builtin');
    expect(selectFaceProvider(undefined).name).toBe('human');
    expect(() => selectFaceProvider('nobody')).toThrow(/unknown face provider/);
  });
});

describe('isVerificationSessionVerified (for certification)', () => {
  it('true only for that company, only when verified, only while not superseded', async () => {
    const { id, key } = await scannedSession(t, alice);
    const ask = (sessionId: string, companyId: string) =>
      isVerificationSessionVerified(t.app.db, { sessionId, companyId });
    expect(await ask(id, companyA)).toBe(false); // scanned, not verified
    expect((await capture(t, key, faceImage())).body.data.state).toBe('verified');
    expect(await ask(id, companyA)).toBe(true);
    expect(await ask(id, bob.companyId!)).toBe(false);
    expect(await ask('not-a-uuid', companyA)).toBe(false);
    // A new session of the same company and purpose replaces it.
    await openSession(t, alice);
    expect(await ask(id, companyA)).toBe(false);
  });
});
