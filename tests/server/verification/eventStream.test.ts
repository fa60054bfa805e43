// The desktop's live view: server-sent events read over real HTTP. The current state at once, then
// every change in order, also when the change is made through a second API instance (LISTEN/NOTIFY),
// and a reconnect with Last-Event-ID gets what it missed.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VerificationPaths, VERIFICATION_STREAM_EVENT } from '../../../src/contract/api/verification';
import { Codes } from '../../../src/contract/codes';
import { Limits } from '../../../src/contract/limits';
import { createCompany, signInAs, type SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import {
  call,
  callVia,
  capture,
  consent,
  faceImage,
  openSession,
  openStream,
  refusedStream,
  scan,
  tokenOf,
} from './support';

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

const streamOf = (id: string, headers: Record<string, string> = {}) => openStream(t, alice, id, headers);

describe('the event stream', () => {
  it('sends the current state at once, then every change in order, each with its version as id', async () => {
    const created = await openSession(t, alice);
    const stream = await streamOf(created.sessionId);
    try {
      expect(stream.contentType).toMatch(/^text\/event-stream/);
      const first = await stream.next();
      expect(first).toMatchObject({ id: '1', event: VERIFICATION_STREAM_EVENT });
      expect(first.data).toMatchObject({ sessionId: created.sessionId, state: 'created', version: 1 });

      const key = (await scan(t, tokenOf(created.link))).body.data.phoneKey;
      const scanned = await stream.next();
      expect(scanned.data).toMatchObject({ state: 'scanned', version: 2 });
      expect(scanned.data.expiresAt).not.toBeNull();

      await consent(t, key);
      expect((await stream.next()).data).toMatchObject({ state: 'scanned', version: 3 });
      expect(stream.messages.at(-1)!.data.consentAt).not.toBeNull();

      await capture(t, key, faceImage());
      const verifying = await stream.next();
      expect(verifying.data).toMatchObject({ state: 'verifying', version: 4, desktopMayClose: false });
      const verified = await stream.next();
      expect(verified.data).toMatchObject({ state: 'verified', version: 5, desktopMayClose: true });
      expect(stream.messages.map((m) => m.id)).toEqual(['1', '2', '3', '4', '5']);
    } finally {
      stream.close();
    }
  });

  it('delivers a change made through a second instance on the same database', async () => {
    const second = await t.reopen();
    const created = await openSession(t, alice);
    const stream = await streamOf(created.sessionId);
    try {
      expect((await stream.next()).data.state).toBe('created');
      // The phone's scan lands on the other instance; only NOTIFY can tell this one.
      const scanned = await callVia<{ phoneKey: string }>(second, 'POST', VerificationPaths.scan, {
        json: { token: tokenOf(created.link) },
      });
      expect(scanned.status).toBe(200);
      // Well inside the 15-second heartbeat, so the heartbeat's re-read cannot be what delivered it.
      expect((await stream.next(4000)).data).toMatchObject({ state: 'scanned', version: 2 });
      await callVia(second, 'POST', VerificationPaths.cancel, { json: { key: scanned.body.data.phoneKey } });
      const cancelled = await stream.next(4000);
      expect(cancelled.data).toMatchObject({ state: 'cancelled', version: 3, rescanRequired: true });
    } finally {
      stream.close();
    }
  });

  it('a reconnect with Last-Event-ID gets every change it missed, in order, then the live ones', async () => {
    const created = await openSession(t, alice);
    const first = await streamOf(created.sessionId);
    expect((await first.next()).id).toBe('1');
    first.close();

    // Changes while the desktop was disconnected.
    const key = (await scan(t, tokenOf(created.link))).body.data.phoneKey;
    await consent(t, key);

    const again = await streamOf(created.sessionId, { 'last-event-id': '1' });
    try {
      expect((await again.next()).data).toMatchObject({ version: 2, state: 'scanned' });
      expect((await again.next()).data).toMatchObject({ version: 3, state: 'scanned' });
      await call(t, 'POST', VerificationPaths.cancel, { json: { key } });
      expect((await again.next()).data).toMatchObject({ version: 4, state: 'cancelled' });
    } finally {
      again.close();
    }

    // Up to date: the next message is the next change, nothing repeated.
    const upToDate = await streamOf(created.sessionId, { 'last-event-id': '4' });
    const fresh = await streamOf(created.sessionId);
    try {
      expect((await fresh.next()).data.version).toBe(4);
      const next = upToDate.next(1500).then(
        (m) => m.data.version,
        () => 'nothing',
      );
      expect(await next).toBe('nothing');
    } finally {
      upToDate.close();
      fresh.close();
    }
  });

  it('shows an expiry that nobody asked about once the stream (re)opens', async () => {
    const created = await openSession(t, alice);
    await scan(t, tokenOf(created.link));
    t.clock.advance(Limits.qr.validAfterScanMs);
    alice = await signInAs(t.app, { role: 'applicant', companyId: companyA });
    const stream = await streamOf(created.sessionId);
    try {
      expect((await stream.next()).data).toMatchObject({
        state: 'expired',
        version: 3,
        rescanRequired: true,
      });
    } finally {
      stream.close();
    }
  });

  it("another company's session: 404 envelope, no stream", async () => {
    const created = await openSession(t, alice);
    const answer = await refusedStream(t, bob, created.sessionId);
    expect(answer.status).toBe(404);
    expect(answer.contentType).toMatch(/application\/json/);
    expect(answer.body.code).toBe(Codes.notFound.code);
  });
});
