// Issue 18 §4: a live status survives a worker restart. The desktop's event stream is served by
// one worker; that worker stops (its stream ends with a retry hint); the status changes meanwhile;
// the browser reconnects with Last-Event-ID, reaching another worker, and gets every change it
// missed, in order. The stream's headers are the ones a buffering proxy needs.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VerificationPaths } from '../../../src/contract/api/verification';
import { createCompany, signInAs } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { consent, openSession, openStream, scan, tokenOf } from '../verification/support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the verification event stream across a worker restart', () => {
  it('reconnecting with Last-Event-ID to another worker gets what was missed', async () => {
    const alice = await signInAs(t.app, { role: 'applicant', companyId: (await createCompany(t.app)).id });
    const created = await openSession(t, alice);

    const doomed = await t.reopen();
    await doomed.listen({ port: 0, host: '127.0.0.1' });
    const doomedUrl = `http://127.0.0.1:${(doomed.server.address() as AddressInfo).port}`;
    const first = await openStream({ ...t, url: doomedUrl }, alice, created.sessionId);
    expect(first.contentType).toMatch(/^text\/event-stream/);
    expect((await first.next()).id).toBe('1');
    // The worker goes away (drain: the stream ends with a retry hint).
    await doomed.close();
    first.close();

    const key = (await scan(t, tokenOf(created.link))).body.data.phoneKey;
    await consent(t, key);

    const response = await fetch(`${t.url}/plat${VerificationPaths.events(created.sessionId)}`, {
      headers: { ...alice.headers, accept: 'text/event-stream' },
      signal: AbortSignal.timeout(5_000),
    }).catch(() => undefined);
    expect(response?.headers.get('x-accel-buffering')).toBe('no');
    await response?.body?.cancel();

    const again = await openStream(t, alice, created.sessionId, { 'last-event-id': '1' });
    try {
      expect((await again.next()).data).toMatchObject({ version: 2, state: 'scanned' });
      expect((await again.next()).data).toMatchObject({ version: 3, state: 'scanned' });
    } finally {
      again.close();
    }
  });
});
