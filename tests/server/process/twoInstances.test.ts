// Issue 18 §5: two instances of `npm start` (separate processes, separate DATA_DIRs, as on two
// machines) sharing one PostgreSQL, one S3 bucket and one mail server, behind a round-robin load
// balancer built on http-proxy (src/tools/loadBalancer.ts) that tries the other instance when one
// refuses the connection (what a load balancer's health check achieves). The applicant's journey
// crosses them: the desktop on A, the phone on B, the live status from B's capture reaches A's event
// stream and a stream opened through the balancer, a file uploaded through A downloads through B,
// uploads through the balancer land on both and download from both, the draft is saved through the
// balancer; then A dies (every process of it, SIGKILL) and the journey finishes on B: submit, the
// back office approves on B, the applicant's mail is sent exactly once.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPath, AdminPaths } from '../../../src/contract/api/admin';
import { FaceCaptureRules } from '../../../src/contract/api/verification';
import { startLoadBalancer, type LoadBalancer } from '../../../src/tools/loadBalancer';
import {
  openServicesApp,
  portalAsTestApp,
  startFaultPortal,
  type FaultPortal,
} from '../../support/faultPortal';
import { startS3Server, TEST_BUCKET, type S3TestServer } from '../../support/s3Server';
import { signInAs, type SignedIn } from '../../support/sessions';
import { createTestDatabase, type TestDatabase } from '../../support/testDb';
import { certificationOf } from '../admin/support';
import { applicant, confirm, saveAll, submit, upload, validCnDraft, view } from '../certification/support';
import { startSmtpPeer, waitFor, type SmtpPeer } from '../mail/smtpPeer';
import { childPids } from './support';
import { capture, consent, faceImage, openSession, openStream, scan, tokenOf } from '../verification/support';

let database: TestDatabase;
let s3: S3TestServer;
let peer: SmtpPeer;
let services: FastifyInstance;
let proxy: LoadBalancer;
let a: FaultPortal;
let b: FaultPortal;
const dataDirs: string[] = [];

beforeAll(async () => {
  [database, s3, peer] = await Promise.all([createTestDatabase(), startS3Server(), startSmtpPeer()]);
  const shared = {
    DATABASE_URL: database.url,
    SMTP_URL: peer.url,
    STORAGE: 's3',
    S3_BUCKET: TEST_BUCKET,
    S3_ENDPOINT: s3.endpoint,
    // s3rver's fixed credentials (it checks request signatures with them).
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    FACE_PROVIDER: 'builtin',
    WORKERS: '1',
  };
  const instance = (name: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), `portal-instance-${name}-`));
    dataDirs.push(dir);
    return { ...shared, DATA_DIR: dir };
  };
  // A starts first: it migrates; B finds the schema in place (the migration lock makes it safe).
  a = await startFaultPortal(instance('a'));
  b = await startFaultPortal(instance('b'));
  services = await openServicesApp(instance('services'));
  proxy = await startLoadBalancer([a.url, b.url]);
}, 240_000);

afterAll(async () => {
  await proxy?.close();
  await Promise.allSettled([a?.stop(), b?.stop()]);
  await services?.close().catch(() => undefined);
  await peer?.close().catch(() => undefined);
  await s3?.close().catch(() => undefined);
  await database?.drop().catch(() => undefined);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('two instances behind a proxy', () => {
  it('the journey crosses instances, and finishes on B after A dies', async () => {
    const onA = portalAsTestApp(services, a.url);
    const onB = portalAsTestApp(services, b.url);
    const viaProxy = portalAsTestApp(services, proxy.url);
    const caller = await applicant(onA, { language: 'en-us' });
    const who: SignedIn = caller.signedIn;
    await confirm(onA, caller);

    // The desktop opens the QR code and listens on A, and once more through the balancer (an event
    // stream must pass a proxy unbuffered); the phone scans, consents and captures on B.
    const created = await openSession(onA, who, 'Li Na');
    const stream = await openStream(onA, who, created.sessionId);
    // The balancer's first request goes to A: this stream is A's, and stays open until A dies.
    const proxied = await openStream(viaProxy, who, created.sessionId);
    expect([proxy.served.get(a.url), proxy.served.get(b.url)]).toEqual([1, 0]);
    try {
      const scanned = await scan(onB, tokenOf(created.link));
      expect(scanned.status).toBe(200);
      await consent(onB, scanned.body.data.phoneKey);
      const frames = Array.from({ length: FaceCaptureRules.camera.minFrames }, () => faceImage());
      const captured = await capture(onB, scanned.body.data.phoneKey, faceImage(), { frames });
      expect(captured.body.data.state, JSON.stringify(captured.body)).toBe('verified');
      // A's stream hears B's capture (LISTEN/NOTIFY through the shared database).
      await waitFor(
        async () => {
          const message = await stream.next(20_000);
          return message.data.state === 'verified';
        },
        'A to report the verification B did',
        30_000,
      );
      await waitFor(
        async () => (await proxied.next(20_000)).data.state === 'verified',
        'the stream through the balancer to report the verification B did',
        30_000,
      );
    } finally {
      stream.close();
    }

    // The draft's files are uploaded through A; each downloads through B byte for byte.
    const draft = await validCnDraft(onA, caller);
    const licenceId = draft.completeCompanyInfo.businessLicenseFileId;
    const fromA = await fetch(`${a.url}/plat/files/${licenceId}`, { headers: caller.headers });
    const fromB = await fetch(`${b.url}/plat/files/${licenceId}`, { headers: caller.headers });
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
    expect(fromB.headers.get('content-disposition')).toMatch(/^attachment/);

    // Uploads through the balancer (multipart bodies streamed through it), one after the other, so
    // round robin hands them to both instances; each downloads the same through A and through B.
    const servedBefore = new Map(proxy.served);
    const throughProxy = [
      await upload(viaProxy, caller, 'otherDocument'),
      await upload(viaProxy, caller, 'otherDocument'),
    ];
    for (const [upstream, count] of proxy.served)
      expect(count, upstream).toBeGreaterThan(servedBefore.get(upstream)!);
    for (const id of throughProxy) {
      const [bytesA, bytesB] = await Promise.all(
        [a.url, b.url].map(async (url) => {
          const answer = await fetch(`${url}/plat/files/${id}`, { headers: caller.headers });
          expect(answer.status, `${id} from ${url}`).toBe(200);
          return Buffer.from(await answer.arrayBuffer());
        }),
      );
      expect(bytesA!.length).toBeGreaterThan(0);
      expect(bytesB).toEqual(bytesA);
    }

    // Saved through the proxy: both instances take part.
    const withRealSession = {
      ...draft,
      uploadAuthorizerInfo: { ...draft.uploadAuthorizerInfo, verificationSessionId: created.sessionId },
    };
    await saveAll(viaProxy, caller, withRealSession);
    expect(Math.min(...proxy.served.values()), JSON.stringify([...proxy.served])).toBeGreaterThan(0);

    // A dies: its workers and its supervisor, at once, as a machine that loses power.
    for (const pid of [...childPids(a.process.pid), a.process.pid]) process.kill(pid, 'SIGKILL');
    await a.process.exited(30_000);
    // The stream the balancer held to A is cut, not left hanging: the browser sees the loss at once
    // and reconnects (to B), instead of waiting on a connection that will never speak again.
    try {
      const cut = await (async () => {
        for (;;) {
          try {
            await proxied.next(20_000);
          } catch (error) {
            return (error as Error).message;
          }
        }
      })();
      expect(cut).not.toMatch(/no event within/);
    } finally {
      proxied.close();
    }

    // The journey goes on through the proxy, which now finds only B.
    const submitted = await submit(viaProxy, caller);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(proxy.retried).toBeGreaterThan(0);
    expect((await view(viaProxy, caller)).lifecycleState).toBe('underReview');

    // The back office decides on B; the applicant's decision mail (it names the operator id) goes out once.
    // Four eyes (issue 21 §3): a reviewer proposes, an approver confirms.
    const reviewer = await signInAs(services, { role: 'reviewer', language: 'en-us' });
    const approver = await signInAs(services, { role: 'reviewer', roles: ['approver'], language: 'en-us' });
    const row = await certificationOf(services, who.companyId!);
    const proposed = await fetch(
      `${b.url}/plat${adminPath(AdminPaths.certificationApprove, { id: row!.id })}`,
      {
        method: 'POST',
        headers: { ...reviewer.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ version: row!.version }),
      },
    );
    const proposal = (await proposed.json()) as { data: { version: number } };
    expect(proposed.status, JSON.stringify(proposal)).toBe(200);
    const approved = await fetch(
      `${b.url}/plat${adminPath(AdminPaths.certificationConfirmApproval, { id: row!.id })}`,
      {
        method: 'POST',
        headers: { ...approver.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ version: proposal.data.version }),
      },
    );
    const answer = (await approved.json()) as { code: number; data: { operatorId: string } };
    expect(approved.status, JSON.stringify(answer)).toBe(200);
    const { operatorId } = answer.data;
    const mailsTo = () =>
      peer.received.filter((m) => m.recipients.includes(who.email) && m.text.includes(operatorId)).length;
    await waitFor(() => mailsTo() >= 1, 'the approval mail', 60_000);
    // Another sender would have claimed it within its polling interval: wait past that, still one.
    await new Promise((r) => setTimeout(r, 5_000));
    expect(mailsTo()).toBe(1);

    // A file uploaded through A (now gone) still downloads, through the proxy.
    const later = await fetch(`${proxy.url}/plat/files/${licenceId}`, { headers: caller.headers });
    expect(later.status).toBe(200);
  }, 300_000);
});
