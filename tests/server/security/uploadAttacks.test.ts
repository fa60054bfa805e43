// Upload attacks (issue 10 §3), over real HTTP against both upload routes: renamed executables,
// HTML and SVG dressed as images, a decompression bomb, a zero-byte file, the 10 MB boundary and a
// path-traversal name. Each refusal carries its own code and leaves no row and no file behind.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes, type CodeEntry } from '../../../src/contract/codes';
import { Limits } from '../../../src/contract/limits';
import { storedFiles } from '../../../src/server/db/schema/files';
import {
  elfExecutable,
  HTML_PAGE,
  jpeg,
  peExecutable,
  png,
  PNG_SIGNATURE,
  SVG_IMAGE,
} from '../../fixtures/files/samples';
import { signInAs, type SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { filesUnder } from '../storage/support';

// LEAD: move to codes.ts as `imageTooLarge: c(440005, …)` (see the report); until then the bomb
// answers fileTypeNotAllowed and its test below fails, on purpose.
const IMAGE_TOO_LARGE: CodeEntry = (Codes as Record<string, CodeEntry>)['imageTooLarge'] ?? {
  code: 440005,
  'zh-cn': '图片尺寸过大，请缩小后重新上传',
  'en-us': 'The image dimensions are too large; please reduce the image and upload it again',
};

const MAX = Limits.upload.maxBytes;

let t: TestApp;
let applicant: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  applicant = await signInAs(t.app, { role: 'applicant' });
});
afterAll(() => t?.close());

const filesDir = () => t.app.storage.dir;

/** What "nothing stored" compares: the rows of stored_files and every file under the storage folder. */
async function stored() {
  const [row] = await t.app.db.select({ n: count() }).from(storedFiles);
  return { rows: row!.n, files: filesUnder(filesDir()).sort() };
}

/** A multipart body by hand, so the file name and part type are exactly what an attacker sends. */
function multipart(bytes: Buffer, filename: string, partType: string, fields: Record<string, string>) {
  const boundary = 'securitySuiteBoundary9x7';
  const chunks: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${partType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const ROUTES = {
  // The applicant's document upload (certification and card application alike).
  files: { url: '/plat/files', fields: { kind: 'businessLicense' }, signedIn: true },
  // The phone's face capture: anonymous, its key is checked after the file has been read.
  capture: { url: '/plat/verify/capture', fields: { key: 'k'.repeat(43) }, signedIn: false },
} as const;

async function send(route: keyof typeof ROUTES, bytes: Buffer, filename: string, partType = 'image/png') {
  const { url, fields, signedIn } = ROUTES[route];
  const { body, contentType } = multipart(bytes, filename, partType, fields);
  const res = await fetch(`${t.url}${url}`, {
    method: 'POST',
    headers: { ...(signedIn ? applicant.headers : {}), language: '1', 'content-type': contentType },
    body,
  });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: unknown } };
}

const polyglot = Buffer.concat([PNG_SIGNATURE, HTML_PAGE]);
const mzOnly = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0x90)]);

const DISGUISED: [string, () => Buffer, string, string][] = [
  ['an ELF executable named .png', elfExecutable, 'photo.png', 'image/png'],
  ['a PE executable named .png', peExecutable, 'scan.png', 'image/png'],
  ['a bare MZ (DOS) executable named .jpg', () => mzOnly, 'id.jpg', 'image/jpeg'],
  ['an ELF executable named .pdf', elfExecutable, 'licence.pdf', 'application/pdf'],
  ['HTML named .png', () => HTML_PAGE, 'page.png', 'image/png'],
  ['HTML named .jpg, sent as text/html', () => HTML_PAGE, 'page.jpg', 'text/html'],
  ['SVG named .png', () => SVG_IMAGE, 'drawing.png', 'image/png'],
  ['SVG as image/svg+xml', () => SVG_IMAGE, 'drawing.svg', 'image/svg+xml'],
  ['a PNG signature followed by HTML (no IHDR)', () => polyglot, 'polyglot.png', 'image/png'],
];

describe.each(Object.keys(ROUTES) as (keyof typeof ROUTES)[])('POST %s', (route) => {
  it.each(DISGUISED)('%s: 415 fileTypeNotAllowed, nothing stored', async (_, bytes, name, type) => {
    const before = await stored();
    const res = await send(route, bytes(), name, type);
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      code: Codes.fileTypeNotAllowed.code,
      msg: Codes.fileTypeNotAllowed['en-us'],
      data: null,
    });
    expect(await stored()).toEqual(before);
  });

  it.each([
    ['a PNG declaring 100 000 × 100 000 pixels', () => png(1, 1, { width: 100_000, height: 100_000 })],
    ['a JPEG declaring 60 000 × 60 000 pixels', () => jpeg({ width: 60_000, height: 60_000 })],
  ])('%s: 413 imageTooLarge, nothing stored', async (_, bytes) => {
    const before = await stored();
    const res = await send(route, bytes(), 'bomb.png');
    expect(res.body.code).toBe(IMAGE_TOO_LARGE.code);
    expect(res.body.msg).toBe(IMAGE_TOO_LARGE['en-us']);
    expect(res.status).toBe(413);
    expect(await stored()).toEqual(before);
  });

  it('a zero-byte file: 400 fileEmpty, nothing stored', async () => {
    const before = await stored();
    const res = await send(route, Buffer.alloc(0), 'empty.png');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(Codes.fileEmpty.code);
    expect(await stored()).toEqual(before);
  });

  it('10 MB + 1 byte of a valid PNG: 413 fileTooLarge, nothing stored', async () => {
    const before = await stored();
    const res = await send(route, pngOfSize(MAX + 1), 'big.png');
    expect(res.status).toBe(413);
    expect(res.body.code).toBe(Codes.fileTooLarge.code);
    expect(await stored()).toEqual(before);
  });
});

/** Exactly `size` bytes that are a PNG by content: a real PNG, then filler after its IEND. */
function pngOfSize(size: number): Buffer {
  const out = Buffer.alloc(size, 0x5a);
  png().copy(out, 0);
  return out;
}

describe('accepted uploads at the edges', () => {
  it('exactly 10 MB of a valid PNG is accepted and stored once, under a random name', async () => {
    const before = await stored();
    const res = await send('files', pngOfSize(MAX), 'exact.png');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(Codes.ok.code);
    // Stored re-encoded: the filler after the PNG's end is not kept (issue 22 §5).
    expect(res.body.data).toMatchObject({ contentType: 'image/png' });
    const after = await stored();
    expect(after.rows).toBe(before.rows + 1);
    const added = after.files.filter((f) => !before.files.includes(f));
    expect(added.map((f) => path.basename(f))).toEqual([expect.stringMatching(/^[0-9a-f]{40}$/)]);
  });

  it.each([
    ['../../etc/passwd.png', 'passwd.png'],
    ['..\\..\\..\\windows\\system32\\evil.png', 'evil.png'],
    ['/etc/cron.d/job.png', 'job.png'],
    ['%2e%2e%2fescape.png', '%2e%2e%2fescape.png'],
  ])(
    'the name %s is stored without its path; nothing is written outside the storage folder',
    async (name, shown) => {
      const before = await stored();
      const res = await send('files', png(), name);
      expect(res.status).toBe(200);
      expect((res.body.data as { originalName: string }).originalName).toBe(shown);
      const after = await stored();
      const added = after.files.filter((f) => !before.files.includes(f));
      expect(added).toHaveLength(1);
      expect(path.dirname(added[0]!)).toBe(filesDir());
      expect(path.basename(added[0]!)).toMatch(/^[0-9a-f]{40}$/);
      // Where the name would land if it were ever joined to a folder of ours.
      const base = name.replace(/\\/g, '/');
      for (const dir of [filesDir(), path.join(filesDir(), 'tmp'), t.config.dataDir, process.cwd()]) {
        expect(existsSync(path.resolve(dir, base))).toBe(false);
      }
    },
  );
});
