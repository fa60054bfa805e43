// QR verification over real HTTP, real PostgreSQL, real files: the token works once, regenerate
// waits 120 s, the session expires exactly 10 minutes after the scan, consent comes before the
// capture, a capture must be a face-sized image, and nobody drives a session that is not theirs.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  VerificationPaths,
  type RegenerateTooSoonData,
  type VerificationSessionCreated,
  type VerificationSessionView,
} from '../../../src/contract/api/verification';
import { Codes } from '../../../src/contract/codes';
import { Limits } from '../../../src/contract/limits';
import { storedFiles } from '../../../src/server/db/schema/files';
import { verificationSessions } from '../../../src/server/db/schema/verification';
import { pdf, png } from '../../fixtures/files/samples';
import { createCompany, signInAs, type SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import {
  call,
  cancel,
  capture,
  consent,
  desktop,
  faceImage,
  openSession,
  phone,
  scan,
  scannedSession,
  tokenOf,
} from './support';

let t: TestApp;
let alice: SignedIn; // applicant, company A
let amy: SignedIn; // applicant, company A too
let bob: SignedIn; // applicant, company B
let rita: SignedIn; // reviewer

let companyA: string;
let companyB: string;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example' });
  companyA = (await createCompany(t.app)).id;
  companyB = (await createCompany(t.app)).id;
});
// The tests move the clock by many minutes; fresh sign-ins keep the login sessions inside their
// idle timeout.
beforeEach(async () => {
  alice = await signInAs(t.app, { role: 'applicant', companyId: companyA });
  amy = await signInAs(t.app, { role: 'applicant', companyId: companyA });
  bob = await signInAs(t.app, { role: 'applicant', companyId: companyB });
  rita = await signInAs(t.app, { role: 'reviewer' });
});
afterAll(() => t?.close());

const code = (name: keyof typeof Codes) => Codes[name].code;
const SECOND = 1000;
const { regenerateAfterMs, validAfterScanMs } = Limits.qr;

async function storedRow(id: string) {
  const [row] = await t.app.db.select().from(verificationSessions).where(eq(verificationSessions.id, id));
  return row!;
}

describe('creating a session', () => {
  it('answers a single-use link to the phone page, stored only as a hash', async () => {
    const created = await openSession(t, alice);
    expect(created.state).toBe('created');
    expect(created.version).toBe(1);
    const link = new URL(created.link);
    expect(`${link.origin}${link.pathname}`).toBe('https://portal.example/identityVerification');
    const token = tokenOf(created.link);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await storedRow(created.sessionId);
    expect(row.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(Date.parse(created.regenerateAllowedAt) - Date.parse(created.createdAt)).toBe(regenerateAfterMs);
    expect(created.expiresAt).toBeNull();
  });

  it('refuses bad input with 400 and the envelope, never a 500', async () => {
    for (const json of [
      {},
      { purpose: 'other', subjectName: 'X' },
      { purpose: 'authorizer', subjectName: ' ' },
    ]) {
      const answer = await call(t, 'POST', VerificationPaths.sessions, { who: alice, json });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(code('validationFailed'));
    }
  });

  it('is for signed-in applicants only', async () => {
    const json = { purpose: 'authorizer', subjectName: 'Li Si' };
    expect((await call(t, 'POST', VerificationPaths.sessions, { json })).status).toBe(401);
    expect((await call(t, 'POST', VerificationPaths.sessions, { who: rita, json })).status).toBe(403);
  });
});

describe('the scan token', () => {
  it('works once: a second scan is refused with verificationTokenUsed and changes nothing', async () => {
    const created = await openSession(t, alice);
    const first = await scan(t, tokenOf(created.link));
    expect(first.status).toBe(200);
    expect(first.body.data.state).toBe('scanned');
    expect(first.body.data.subjectName).toBe('Zhang San');
    expect(first.body.data.phoneKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(first.body.data.expiresAt) - Date.parse(first.body.data.scannedAt)).toBe(
      validAfterScanMs,
    );
    const before = await storedRow(created.sessionId);

    const second = await scan(t, tokenOf(created.link));
    expect(second.status).toBe(409);
    expect(second.body.code).toBe(code('verificationTokenUsed'));
    const after = await storedRow(created.sessionId);
    expect(after.version).toBe(before.version);
    expect(after.phoneKeyHash).toBe(before.phoneKeyHash);
  });

  it('an unknown token is 404; a malformed one is 400', async () => {
    const unknown = await scan(t, 'A'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(code('notFound'));
    const malformed = await scan(t, 'short');
    expect(malformed.status).toBe(400);
  });

  it('the phone sees the company and who is verifying', async () => {
    const { key } = await scannedSession(t, alice);
    const view = await phone(t, key);
    expect(view.status).toBe(200);
    expect(view.body.data.companyName).toMatch(/^Test Co /);
    expect(view.body.data.state).toBe('scanned');
  });
});

describe('regenerate', () => {
  it('is refused before 120 s with the time left, allowed at 120 s; the old token is then refused', async () => {
    const created = await openSession(t, alice);
    t.clock.advance(regenerateAfterMs - SECOND);
    const early = await call<RegenerateTooSoonData>(
      t,
      'POST',
      VerificationPaths.regenerate(created.sessionId),
      {
        who: alice,
      },
    );
    expect(early.status).toBe(409);
    expect(early.body.code).toBe(code('regenerateTooSoon'));
    expect(early.body.data.retryAfterMs).toBe(SECOND);
    expect(early.body.data.regenerateAllowedAt).toBe(created.regenerateAllowedAt);
    expect((await storedRow(created.sessionId)).state).toBe('created');

    t.clock.advance(SECOND);
    const renewed = await call<VerificationSessionCreated>(
      t,
      'POST',
      VerificationPaths.regenerate(created.sessionId),
      { who: amy }, // anyone of the company
    );
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.sessionId).not.toBe(created.sessionId);
    expect(tokenOf(renewed.body.data.link)).not.toBe(tokenOf(created.link));
    expect(renewed.body.data.state).toBe('created');

    const old = await desktop(t, alice, created.sessionId);
    expect(old.body.data.state).toBe('cancelled');
    expect(old.body.data.replacedBy).toBe(renewed.body.data.sessionId);

    const oldScan = await scan(t, tokenOf(created.link));
    expect(oldScan.status).toBe(409);
    expect(oldScan.body.code).toBe(code('verificationExpired'));
    expect((await scan(t, tokenOf(renewed.body.data.link))).status).toBe(200);
  });

  it('is refused once the code was scanned (the chart has no regenerate there)', async () => {
    const { id } = await scannedSession(t, alice);
    t.clock.advance(regenerateAfterMs);
    const answer = await call(t, 'POST', VerificationPaths.regenerate(id), { who: alice });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe(code('transitionNotAllowed'));
  });
});

describe('expiry, 10 minutes after the scan', () => {
  it('9:59 after the scan the phone still works; at 10:00 the session is expired and refuses', async () => {
    const { id, key } = await scannedSession(t, alice, { consent: false });
    t.clock.advance(validAfterScanMs - SECOND);
    const inTime = await consent(t, key);
    expect(inTime.status).toBe(200);
    expect(inTime.body.data.state).toBe('scanned');

    t.clock.advance(SECOND);
    const late = await capture(t, key, faceImage());
    expect(late.status).toBe(409);
    expect(late.body.code).toBe(code('verificationExpired'));
    // The expiry is written even though the step was refused.
    expect((await storedRow(id)).state).toBe('expired');
    const seen = await desktop(t, alice, id);
    expect(seen.body.data.state).toBe('expired');
    expect(seen.body.data.rescanRequired).toBe(true);
  });

  it('a failed capture does not restart the 10 minutes', async () => {
    const { id, key } = await scannedSession(t, alice);
    t.clock.advance(5 * 60 * SECOND);
    expect((await capture(t, key, png(50, 50))).body.data.state).toBe('failed');
    t.clock.advance(5 * 60 * SECOND);
    expect((await capture(t, key, faceImage())).body.code).toBe(code('verificationExpired'));
    expect((await storedRow(id)).state).toBe('expired');
  });
});

describe('an expired or cancelled session refuses every later step', () => {
  type Step = (s: {
    id: string;
    key: string;
    token: string;
  }) => Promise<{ status: number; body: { code: number } }>;
  const steps: Record<string, Step> = {
    scan: (s) => scan(t, s.token),
    consent: (s) => consent(t, s.key),
    capture: (s) => capture(t, s.key, faceImage()),
    cancel: (s) => cancel(t, s.key),
    close: (s) => call(t, 'POST', VerificationPaths.close(s.id), { who: alice }),
    regenerate: (s) => call(t, 'POST', VerificationPaths.regenerate(s.id), { who: alice }),
  };

  async function endedSession(how: 'expired' | 'cancelled') {
    const created = await openSession(t, alice);
    const token = tokenOf(created.link);
    const key = (await scan(t, token)).body.data.phoneKey;
    if (how === 'cancelled') expect((await cancel(t, key)).body.data.state).toBe('cancelled');
    else t.clock.advance(validAfterScanMs);
    return { id: created.sessionId, key, token };
  }

  for (const how of ['expired', 'cancelled'] as const) {
    for (const [name, step] of Object.entries(steps)) {
      it(`${how}: ${name} is refused and nothing changes`, async () => {
        const s = await endedSession(how);
        await desktop(t, alice, s.id); // writes a due expiry
        const before = await storedRow(s.id);
        expect(before.state).toBe(how);
        const answer = await step(s);
        expect(answer.status).toBe(409);
        const expected =
          name === 'scan'
            ? [
                code(how === 'expired' ? 'verificationExpired' : 'verificationCancelled'),
                code('verificationTokenUsed'),
              ]
            : [code(how === 'expired' ? 'verificationExpired' : 'verificationCancelled')];
        expect(expected).toContain(answer.body.code);
        const after = await storedRow(s.id);
        expect(after).toEqual(before);
      });
    }
  }

  it('the phone still reads a cancelled session (for its result page)', async () => {
    const s = await endedSession('cancelled');
    const view = await phone(t, s.key);
    expect(view.status).toBe(200);
    expect(view.body.data.state).toBe('cancelled');
    const seen = await desktop(t, alice, s.id);
    expect(seen.body.data.rescanRequired).toBe(true);
  });
});

describe('consent and capture', () => {
  it('a capture before consent is refused with consentRequired; nothing is stored', async () => {
    const { id, key } = await scannedSession(t, alice, { consent: false });
    const answer = await capture(t, key, faceImage());
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe(code('consentRequired'));
    const row = await storedRow(id);
    expect(row.state).toBe('scanned');
    expect(row.captureFileId).toBeNull();
  });

  it('consent is recorded with a timestamp; only accepted: true counts', async () => {
    const { id, key } = await scannedSession(t, alice, { consent: false });
    const refused = await call(t, 'POST', VerificationPaths.consent, { json: { key, accepted: false } });
    expect(refused.status).toBe(400);
    expect((await storedRow(id)).consentAt).toBeNull();
    const answer = await consent(t, key);
    expect(answer.body.data.consentAt).toBe(t.clock.now().toISOString());
    expect((await storedRow(id)).consentAt?.toISOString()).toBe(t.clock.now().toISOString());
  });

  it('a face-sized PNG after consent: verified, stored as faceCapture of the company', async () => {
    const { id, key } = await scannedSession(t, alice);
    const answer = await capture(t, key, faceImage());
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(code('ok'));
    expect(answer.body.data.state).toBe('verified');
    const row = await storedRow(id);
    expect(row.provider).toBe('builtin');
    const [file] = await t.app.db.select().from(storedFiles).where(eq(storedFiles.id, row.captureFileId!));
    expect(file).toMatchObject({ kind: 'faceCapture', companyId: alice.companyId, contentType: 'image/png' });
    // Verified is final: the phone cannot capture again.
    expect((await capture(t, key, faceImage())).status).toBe(409);
  });

  it('a too-small image fails (faceCheckFailed, HTTP 200) and the phone may retry', async () => {
    const { id, key } = await scannedSession(t, alice);
    const small = await capture(t, key, png(199, 400));
    expect(small.status).toBe(200);
    expect(small.body.code).toBe(code('faceCheckFailed'));
    expect(small.body.data.state).toBe('failed');
    expect(small.body.data.outcomeReason).toBe('imageTooSmall');
    const retry = await capture(t, key, faceImage());
    expect(retry.body.data.state).toBe('verified');
    expect((await storedRow(id)).outcomeReason).toBeNull();
  });

  it('a non-image capture is refused (PDF, and text named .png); the session does not move', async () => {
    const { id, key } = await scannedSession(t, alice);
    const before = await storedRow(id);
    const asPdf = await capture(t, key, pdf(), { filename: 'face.pdf' });
    expect(asPdf.status).toBe(415);
    expect(asPdf.body.code).toBe(code('fileTypeNotAllowed'));
    const text = await capture(t, key, Buffer.from('not an image at all'), { filename: 'face.png' });
    expect(text.status).toBe(415);
    expect(await storedRow(id)).toEqual(before);
  });

  it('a capture without a valid key is 400; with an unknown key 404', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(faceImage())]), 'face.png');
    expect((await call(t, 'POST', VerificationPaths.capture, { form })).status).toBe(400);
    expect((await capture(t, 'B'.repeat(43), faceImage())).status).toBe(404);
  });
});

describe('whose session', () => {
  it('another company can neither read nor drive a session (404)', async () => {
    const created = await openSession(t, alice);
    t.clock.advance(regenerateAfterMs);
    for (const [method, path] of [
      ['GET', VerificationPaths.session(created.sessionId)],
      ['GET', VerificationPaths.events(created.sessionId)],
      ['POST', VerificationPaths.regenerate(created.sessionId)],
      ['POST', VerificationPaths.close(created.sessionId)],
    ] as const) {
      const answer = await call(t, method, path, { who: bob });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.code).toBe(code('notFound'));
    }
    expect((await storedRow(created.sessionId)).version).toBe(1);
    // Someone of the same company may.
    expect((await desktop(t, amy, created.sessionId)).status).toBe(200);
    // A malformed id is simply not found.
    expect((await desktop(t, alice, 'not-a-uuid')).status).toBe(404);
  });

  it("one session's phone key drives only that session", async () => {
    const one = await scannedSession(t, alice, { consent: false });
    const other = await scannedSession(t, bob, { consent: false });
    const otherBefore = await storedRow(other.id);
    expect((await consent(t, one.key)).status).toBe(200);
    expect((await cancel(t, one.key)).body.data.state).toBe('cancelled');
    expect((await phone(t, one.key)).body.data.companyName).not.toBe(
      (await phone(t, other.key)).body.data.companyName,
    );
    expect(await storedRow(other.id)).toEqual(otherBefore);
  });
});

describe('closing the dialog', () => {
  it('voids a session that is not being verified', async () => {
    const { id, key } = await scannedSession(t, alice);
    const closed = await call<VerificationSessionView>(t, 'POST', VerificationPaths.close(id), {
      who: alice,
    });
    expect(closed.status).toBe(200);
    expect(closed.body.data.state).toBe('cancelled');
    expect((await capture(t, key, faceImage())).body.code).toBe(code('verificationCancelled'));
  });
});
