// /plat/files on the real app: real PostgreSQL, real DATA_DIR, real HTTP, on both storage drivers
// (local disk, and S3 against a real S3-compatible server). Uploads are stored under random names,
// refused ones leave nothing behind, and a file is served only to its company and to reviewers, as
// an attachment the browser will not sniff.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../../src/contract/codes';
import { storedFiles } from '../../../src/server/db/schema/files';
import { signInAs, type SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { driverWorld, keptNames, STORAGE_DRIVERS, storedBytes, type DriverWorld } from './storageDrivers';
import { filesUnder, form, MAX, pngOfSize, sample, storedBytesOf } from './support';

describe.each(STORAGE_DRIVERS)('with the %s storage driver', (driver) => {
  let world: DriverWorld;
  let t: TestApp;
  let alice: SignedIn; // applicant, company A
  let amy: SignedIn; // applicant, company A too
  let bob: SignedIn; // applicant, company B
  let rita: SignedIn; // reviewer
  let rex: SignedIn; // reviewer

  beforeAll(async () => {
    world = await driverWorld(driver);
    t = await createTestApp(world.overrides);
    alice = await signInAs(t.app, { role: 'applicant' });
    amy = await signInAs(t.app, { role: 'applicant', companyId: alice.companyId! });
    bob = await signInAs(t.app, { role: 'applicant' });
    rita = await signInAs(t.app, { role: 'reviewer' });
    rex = await signInAs(t.app, { role: 'reviewer' });
  });
  afterAll(async () => {
    await t?.close();
    await world?.close();
  });

  const sha256 = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');

  async function rowCount() {
    const [row] = await t.app.db.select({ n: count() }).from(storedFiles);
    return row!.n;
  }

  /** What is stored (on disk, in the bucket) and in the table, to compare before and after a refused upload. */
  async function snapshot() {
    return { files: await keptNames(t.app), rows: await rowCount() };
  }

  async function upload(
    who: SignedIn | null,
    file: Buffer | null,
    name: string,
    fields?: Record<string, string>,
  ) {
    const res = await fetch(`${t.url}/plat/files`, {
      method: 'POST',
      headers: { ...(who?.headers ?? {}), language: '1' },
      body: form(file, name, fields),
    });
    return {
      status: res.status,
      body: (await res.json()) as { code: number; msg: string; data: Record<string, unknown> },
    };
  }

  function download(who: SignedIn | null, id: string, suffix = '') {
    return fetch(`${t.url}/plat/files/${id}${suffix}`, { headers: who?.headers ?? {} });
  }

  async function uploaded(
    who: SignedIn,
    file: Buffer,
    name: string,
    kind = 'businessLicense',
  ): Promise<string> {
    const { status, body } = await upload(who, file, name, { kind });
    expect(status).toBe(200);
    return body.data.id as string;
  }

  describe('POST /plat/files', () => {
    it('stores a PNG under a random name and records it for the uploader’s company', async () => {
      const sent = sample('tiny.png');
      // Stored as its clean re-encoding (issue 22 §5).
      const bytes = await storedBytesOf(sent, 'image/png');
      const { status, body } = await upload(alice, sent, 'licence.png', { kind: 'businessLicense' });
      expect(status).toBe(200);
      expect(body.code).toBe(Codes.ok.code);
      expect(body.data).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        kind: 'businessLicense',
        contentType: 'image/png',
        size: bytes.length,
        originalName: 'licence.png',
      });
      const [row] = await t.app.db
        .select()
        .from(storedFiles)
        .where(eq(storedFiles.id, body.data.id as string));
      expect(row).toMatchObject({
        companyId: alice.companyId,
        uploadedBy: alice.userId,
        sha256: sha256(bytes),
        deletedAt: null,
      });
      expect(row!.storageKey).toMatch(/^[0-9a-f]{40}$/);
      expect((await storedBytes(t.app, row!.storageKey))?.equals(bytes)).toBe(true);
      expect(filesUnder(t.app.storage.dirs.tmpDir)).toEqual([]);
    });

    it('exactly 10 MB is accepted and downloads byte for byte', async () => {
      const sent = pngOfSize(MAX);
      const id = await uploaded(alice, sent, 'ten.png');
      const res = await download(alice, id);
      expect(res.status).toBe(200);
      const got = new Uint8Array(await res.arrayBuffer());
      // What was stored: the clean re-encoding, without the filler after the PNG's end (issue 22 §5).
      const bytes = await storedBytesOf(sent, 'image/png');
      expect(got.length).toBe(bytes.length);
      expect(sha256(got)).toBe(sha256(bytes));
    });

    it('10 MB + 1 byte: 413 fileTooLarge, nothing on disk, no row', async () => {
      const before = await snapshot();
      const { status, body } = await upload(alice, pngOfSize(MAX + 1), 'over.png');
      expect(status).toBe(413);
      expect(body).toEqual({ code: Codes.fileTooLarge.code, msg: Codes.fileTooLarge['en-us'], data: null });
      expect(await snapshot()).toEqual(before);
    });

    it.each([
      ['elf-executable.pdf', 415, Codes.fileTypeNotAllowed.code],
      ['pe-executable.pdf', 415, Codes.fileTypeNotAllowed.code],
      ['page-html.png', 415, Codes.fileTypeNotAllowed.code],
      ['drawing.svg', 415, Codes.fileTypeNotAllowed.code],
      ['bomb-wide.png', 413, Codes.imageTooLarge.code],
      ['bomb-megapixels.png', 413, Codes.imageTooLarge.code],
      ['bomb.jpg', 413, Codes.imageTooLarge.code],
      ['empty.png', 400, Codes.fileEmpty.code],
    ])('%s: %i, nothing on disk, no row', async (name, status, code) => {
      const before = await snapshot();
      const res = await upload(alice, sample(name), name);
      expect(res.status).toBe(status);
      expect(res.body.code).toBe(code);
      expect(await snapshot()).toEqual(before);
    });

    it('a missing or malformed kind: 400 on the field, nothing kept', async () => {
      const before = await snapshot();
      for (const fields of [{}, { kind: '<script>' }, { kind: '../x' }, { kind: 'a'.repeat(41) }] as Record<
        string,
        string
      >[]) {
        const res = await upload(alice, sample('tiny.pdf'), 'a.pdf', fields);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: Codes.validationFailed.code, data: [{ path: 'kind' }] });
      }
      expect(await snapshot()).toEqual(before);
    });

    it('anonymous: 401 envelope, nothing kept', async () => {
      const before = await snapshot();
      const res = await upload(null, sample('tiny.png'), 'a.png');
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: Codes.noToken.code, data: null });
      expect(await snapshot()).toEqual(before);
    });

    it('a path-traversal name is stored under a random name and offered back as a bare name', async () => {
      const boundary = 'traversalBoundary';
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nidFront\r\n`),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="../../etc/passwd.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        sample('tiny.png'),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const before = new Set(await keptNames(t.app));
      const res = await fetch(`${t.url}/plat/files`, {
        method: 'POST',
        headers: { ...alice.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
      });
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as { data: { id: string; originalName: string } };
      expect(data.originalName).toBe('passwd.png');

      const added = (await keptNames(t.app)).filter((f) => !before.has(f));
      expect(added).toEqual([
        expect.stringMatching(driver === 's3' ? /^s3:[0-9a-f]{40}$/ : /^[0-9a-f]{40}$/),
      ]);
      expect(existsSync(path.join(t.config.dataDir, 'etc'))).toBe(false);
      expect(existsSync(path.join(path.dirname(t.config.dataDir), 'etc', 'passwd.png'))).toBe(false);

      const got = await download(alice, data.id);
      expect(got.headers.get('content-disposition')).toBe(
        `attachment; filename="passwd.png"; filename*=UTF-8''passwd.png`,
      );
    });
  });

  describe('GET /plat/files/:id', () => {
    let id: string;
    const bytes = sample('tiny.pdf');
    beforeAll(async () => {
      id = await uploaded(alice, bytes, '营业执照 2024.pdf');
    });

    it('the owner downloads it as an attachment with safe headers', async () => {
      const res = await download(alice, id);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-length')).toBe(String(bytes.length));
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="____ 2024.pdf"; filename*=UTF-8''%E8%90%A5%E4%B8%9A%E6%89%A7%E7%85%A7%202024.pdf`,
      );
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    });

    it('another user of the same company and any reviewer may download it', async () => {
      for (const who of [amy, rita, rex]) {
        const res = await download(who, id);
        expect(res.status).toBe(200);
        expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
      }
    });

    it('another company’s file, an unknown id and a malformed id all answer the same 404', async () => {
      const answers = [];
      for (const [who, target] of [
        [bob, id],
        [alice, '00000000-0000-4000-8000-000000000000'],
        [alice, 'not-a-uuid'],
        [alice, '..%2F..%2Fetc%2Fpasswd'],
      ] as const) {
        const res = await download(who, target);
        answers.push({ status: res.status, type: res.headers.get('content-type'), body: await res.json() });
      }
      for (const answer of answers) {
        expect(answer).toEqual({
          status: 404,
          type: expect.stringContaining('application/json'),
          body: { code: Codes.notFound.code, msg: Codes.notFound['zh-cn'], data: null },
        });
      }
    });

    it('anonymous: 401 envelope, no bytes', async () => {
      const res = await download(null, id);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: Codes.noToken.code, data: null });
    });

    it('meta: the facts without the bytes, for the same callers only', async () => {
      const res = await download(rita, id, '/meta');
      expect(res.status).toBe(200);
      expect((await res.json()).data).toEqual({
        id,
        kind: 'businessLicense',
        contentType: 'application/pdf',
        size: bytes.length,
        originalName: '营业执照 2024.pdf',
        sha256: sha256(bytes),
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect((await download(bob, id, '/meta')).status).toBe(404);
      expect((await download(null, id, '/meta')).status).toBe(401);
    });

    it('a reviewer’s own upload belongs to no company: reviewers read it, applicants get 404', async () => {
      const reviewerFile = await uploaded(rita, sample('tiny.jpg'), 'note.jpg', 'reviewNote');
      const [row] = await t.app.db.select().from(storedFiles).where(eq(storedFiles.id, reviewerFile));
      expect(row).toMatchObject({ companyId: null, uploadedBy: rita.userId, contentType: 'image/jpeg' });
      expect((await download(rex, reviewerFile)).status).toBe(200);
      expect((await download(alice, reviewerFile)).status).toBe(404);
    });
  });

  describe('DELETE /plat/files/:id', () => {
    const remove = (who: SignedIn | null, id: string) =>
      fetch(`${t.url}/plat/files/${id}`, { method: 'DELETE', headers: who?.headers ?? {} });

    it('only the owner company deletes: others get 404, reviewers 403, anonymous 401', async () => {
      const id = await uploaded(alice, sample('tiny.png'), 'x.png');
      expect((await remove(bob, id)).status).toBe(404);
      const byReviewer = await remove(rita, id);
      expect(byReviewer.status).toBe(403);
      expect((await byReviewer.json()).code).toBe(Codes.forbidden.code);
      expect((await remove(null, id)).status).toBe(401);
      expect((await download(alice, id)).status).toBe(200);
    });

    it('the owner’s delete marks the row and removes the bytes; the file is then gone for everyone', async () => {
      const id = await uploaded(alice, sample('tiny.png'), 'x.png');
      const [row] = await t.app.db.select().from(storedFiles).where(eq(storedFiles.id, id));
      expect(await storedBytes(t.app, row!.storageKey)).not.toBeNull();

      const res = await remove(amy, id);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ code: Codes.ok.code, data: { id } });

      const [after] = await t.app.db.select().from(storedFiles).where(eq(storedFiles.id, id));
      expect(after!.deletedAt).toEqual(t.clock.now());
      expect(await storedBytes(t.app, row!.storageKey)).toBeNull();
      for (const who of [alice, rita]) expect((await download(who, id)).status).toBe(404);
      expect((await remove(alice, id)).status).toBe(404);
    });
  });
});
