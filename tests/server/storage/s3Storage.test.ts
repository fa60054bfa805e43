// The S3 driver against a real S3-compatible server (s3rver, started here; issue 18 §2): a 10 MB
// file goes up as a streamed multipart upload (no request carries the whole file) and comes back
// byte for byte with the download headers of the local driver; a failed save or a rolled-back
// transaction leaves no object (at once, or after the orphan sweep); a store that is down or hangs
// answers 503 storageUnavailable in both languages and keeps nothing; the face engine's local
// copies are removed after use.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../../src/contract/codes';
import { storedFiles } from '../../../src/server/db/schema/files';
import { sweepOrphans } from '../../../src/server/storage/fileStore';
import { recordingProxy, slowS3Endpoint, startS3Server, type S3TestServer } from '../../support/s3Server';
import { signInAs, type SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { keptNames, storedBytes, storedKeys } from './storageDrivers';
import { filesUnder, form, MAX, sample } from './support';

let s3: S3TestServer;
let proxy: Awaited<ReturnType<typeof recordingProxy>>;
let t: TestApp;
let alice: SignedIn;

beforeAll(async () => {
  s3 = await startS3Server();
  proxy = await recordingProxy(s3.endpoint);
  t = await createTestApp({ storage: s3.storage({ endpoint: proxy.endpoint }) });
  alice = await signInAs(t.app, { role: 'applicant' });
});
afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await s3?.close();
});

const owner = () => ({ kind: 'idFront', companyId: alice.companyId, uploadedBy: alice.userId });
const input = (name: string) => ({ file: Readable.from([sample(name)]), filename: name });

async function rowCount() {
  const [row] = await t.app.db.select({ n: count() }).from(storedFiles);
  return row!.n;
}

async function upload(bytes: Buffer, name: string, language = '1') {
  const res = await fetch(`${t.url}/plat/files`, {
    method: 'POST',
    headers: { ...alice.headers, language },
    body: form(bytes, name),
  });
  return {
    status: res.status,
    body: (await res.json()) as { code: number; msg: string; data: { id: string } },
  };
}

/** A real PDF of nearly `size` bytes: one page and an incompressible stream object. */
async function pdfOfAbout(size: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage();
  doc.context.register(doc.context.stream(randomBytes(size - 4096)));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

describe('the S3 driver', () => {
  it('streams a 10 MB file up in 5 MB parts and serves it back with the download headers', async () => {
    const bytes = await pdfOfAbout(MAX);
    expect(bytes.length).toBeGreaterThan(MAX - 8192);
    expect(bytes.length).toBeLessThanOrEqual(MAX);
    const first = proxy.requests.length;
    const { status, body } = await upload(bytes, '营业执照.pdf');
    expect(status).toBe(200);

    const calls = proxy.requests.slice(first);
    // Create, one PUT per part, complete: S3's multipart upload.
    expect(calls.filter((r) => r.method === 'POST' && /[?&]uploads(=|&|$)/.test(r.url))).toHaveLength(1);
    const parts = calls.filter((r) => r.method === 'PUT' && /[?&]partNumber=\d+/.test(r.url));
    expect(parts.map((p) => p.bodyBytes).reduce((a, b) => a + b, 0)).toBe(bytes.length);
    expect(parts.length).toBe(2);
    for (const part of parts) expect(part.bodyBytes).toBeLessThanOrEqual(5 * 1024 * 1024);
    expect(calls.filter((r) => r.method === 'POST' && r.url.includes('uploadId='))).toHaveLength(1);

    const [row] = await t.app.db.select().from(storedFiles).where(eq(storedFiles.id, body.data.id));
    expect((await storedBytes(t.app, row!.storageKey))?.equals(bytes)).toBe(true);
    // The bucket holds it under the key prefix; nothing is kept on local disk but the (empty) temp folder.
    expect(proxy.requests.some((r) => r.url.includes(`/portal-files/files/${row!.storageKey}`))).toBe(true);
    expect(filesUnder(t.app.storage.dir)).toEqual([]);

    const res = await fetch(`${t.url}/plat/files/${body.data.id}`, { headers: alice.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="____.pdf"; filename*=UTF-8''%E8%90%A5%E4%B8%9A%E6%89%A7%E7%85%A7.pdf`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('a row that cannot be written removes the object it had put: no object, no row', async () => {
    const [before, rowsBefore] = [await keptNames(t.app), await rowCount()];
    const error = await t.app.storage
      .saveUpload(input('tiny.png'), { ...owner(), companyId: '00000000-0000-4000-8000-000000000000' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(await keptNames(t.app)).toEqual(before);
    expect(await rowCount()).toBe(rowsBefore);
  });

  it('an object whose transaction rolled back is swept once an hour old', async () => {
    const keysBefore = await storedKeys(t.app);
    await t.app.db
      .transaction(async (tx) => {
        await t.app.storage.saveUpload(input('tiny.jpg'), { ...owner(), tx });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const orphans = (await storedKeys(t.app)).filter((k) => !keysBefore.includes(k));
    expect(orphans).toHaveLength(1);
    const now = new Date();
    expect(await sweepOrphans(t.app.db, t.app.storage.store, now, 60 * 60_000)).toBe(0);
    const later = new Date(now.getTime() + 61 * 60_000);
    expect(await sweepOrphans(t.app.db, t.app.storage.store, later, 60 * 60_000)).toBe(1);
    expect(await storedKeys(t.app)).toEqual(keysBefore);
  });

  it('the owner’s delete removes the object', async () => {
    const file = await t.app.storage.saveUpload(input('tiny.pdf'), owner());
    expect(await storedBytes(t.app, file.storageKey)).not.toBeNull();
    const res = await fetch(`${t.url}/plat/files/${file.id}`, { method: 'DELETE', headers: alice.headers });
    expect(res.status).toBe(200);
    expect(await storedBytes(t.app, file.storageKey)).toBeNull();
  });

  it('the face engine reads objects through local copies that are removed afterwards', async () => {
    const file = await t.app.storage.saveUpload(input('tiny.png'), owner());
    let seen: readonly string[] = [];
    const kept = await t.app.storage.withLocalFiles([file.storageKey], async (paths) => {
      seen = paths;
      return paths.map((p) => existsSync(p));
    });
    expect(kept).toEqual([true]);
    expect(seen[0]?.startsWith(t.app.storage.dirs.tmpDir)).toBe(true);
    expect(existsSync(seen[0]!)).toBe(false);
  });

  it('a store that is down: 503 storageUnavailable in either language, nothing kept; back when it is', async () => {
    const id = (await upload(sample('tiny.pdf'), 'a.pdf')).body.data.id;
    const [before, rowsBefore] = [filesUnder(t.app.storage.dir), await rowCount()];
    await s3.stop();
    try {
      for (const [language, text] of [
        ['0', Codes.storageUnavailable['zh-cn']],
        ['1', Codes.storageUnavailable['en-us']],
      ] as const) {
        const res = await upload(sample('tiny.png'), 'b.png', language);
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ code: Codes.storageUnavailable.code, msg: text, data: null });
      }
      expect(await rowCount()).toBe(rowsBefore);
      expect(filesUnder(t.app.storage.dir)).toEqual(before);
      const download = await fetch(`${t.url}/plat/files/${id}`, { headers: alice.headers });
      expect(download.status).toBe(503);
      expect(((await download.json()) as { code: number }).code).toBe(Codes.storageUnavailable.code);
    } finally {
      await s3.restart();
    }
    expect((await upload(sample('tiny.png'), 'c.png')).status).toBe(200);
    expect((await fetch(`${t.url}/plat/files/${id}`, { headers: alice.headers })).status).toBe(200);
  });
});

describe('an S3 server that never answers', () => {
  let slow: Awaited<ReturnType<typeof slowS3Endpoint>>;
  let hung: TestApp;
  let bob: SignedIn;
  beforeAll(async () => {
    slow = await slowS3Endpoint();
    hung = await createTestApp({
      storage: s3.storage({ endpoint: slow.endpoint, timeoutMs: 300, maxAttempts: 1 }),
    });
    bob = await signInAs(hung.app, { role: 'applicant' });
  });
  afterAll(async () => {
    await hung?.close();
    await slow?.close();
  });

  it('times out: 503 storageUnavailable, no row, no temp file', async () => {
    const res = await fetch(`${hung.url}/plat/files`, {
      method: 'POST',
      headers: { ...bob.headers, language: '1' },
      body: form(sample('tiny.png'), 'slow.png'),
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      code: Codes.storageUnavailable.code,
      msg: Codes.storageUnavailable['en-us'],
      data: null,
    });
    const [row] = await hung.app.db.select({ n: count() }).from(storedFiles);
    expect(row!.n).toBe(0);
    expect(filesUnder(hung.app.storage.dir)).toEqual([]);
  });
});
