// Issue 22 §5: an upload is judged by what it holds, not only by its first bytes. Images are
// re-encoded (upright by their EXIF orientation, then every piece of metadata dropped: a phone
// photo's GPS position must not reach the disk); a PDF must parse as one. A "%PDF-" header followed
// by HTML is refused; a PNG with HTML appended comes out as a clean PNG. Over real HTTP.
import { createHash } from 'node:crypto';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../../src/contract/codes';
import { storedFiles } from '../../../src/server/db/schema/files';
import { HTML_PAGE, jpeg, pdf, png } from '../../fixtures/files/samples';
import { signInAs, type SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { blobOf, filesUnder } from '../storage/support';

let t: TestApp;
let applicant: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  applicant = await signInAs(t.app, { role: 'applicant' });
});
afterAll(() => t?.close());

async function uploadBytes(bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('kind', 'idFront');
  form.append('file', blobOf(bytes), name);
  const res = await fetch(`${t.url}/plat/files`, {
    method: 'POST',
    headers: { ...applicant.headers, language: '1' },
    body: form,
  });
  return {
    status: res.status,
    body: (await res.json()) as { code: number; msg: string; data: { id: string } },
  };
}

async function download(id: string): Promise<Buffer> {
  const res = await fetch(`${t.url}/plat/files/${id}`, { headers: applicant.headers });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function stored() {
  const [row] = await t.app.db.select({ n: count() }).from(storedFiles);
  return { rows: row!.n, files: filesUnder(t.app.storage.dir).length };
}

/** The EXIF tag of the GPS directory (0x8825), in either byte order. */
function hasGpsDirectory(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

/** A phone photo as a phone writes it: 64 × 32 pixels stored sideways (orientation 6), with GPS. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 32, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'SpyPhone', Model: 'Tracker 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '31/1 14/1 1234/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '121/1 28/1 500/100',
      },
    })
    .toBuffer();
}

/** A JPEG whose scan stops a little before its end: the headers (and size) read fine, the picture not. */
function cutShort(photo: Buffer): Buffer {
  return photo.subarray(0, photo.length - 40);
}

describe('upload content', () => {
  it('a JPEG with GPS EXIF is stored upright with no metadata at all', async () => {
    const photo = await phonePhoto();
    const before = await sharp(photo).metadata();
    // The sample really carries what must go.
    expect(hasGpsDirectory(before.exif)).toBe(true);
    expect(before.orientation).toBe(6);
    expect(photo.includes('SpyPhone')).toBe(true);

    const answer = await uploadBytes(photo, 'photo.jpg');
    expect(answer.body.code).toBe(200);
    const kept = await download(answer.body.data.id);
    const after = await sharp(kept).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(kept.includes('SpyPhone')).toBe(false);
    expect(kept.includes('Exif\0\0')).toBe(false);
    // Turned by its orientation before the tag that said so went: now 32 wide, 64 high.
    expect([after.width, after.height]).toEqual([32, 64]);
  });

  it('a PNG with an HTML page appended comes out as a clean PNG', async () => {
    const answer = await uploadBytes(Buffer.concat([png(4, 4), HTML_PAGE]), 'page.png');
    expect(answer.body.code).toBe(200);
    const kept = await download(answer.body.data.id);
    expect(kept.includes('<script')).toBe(false);
    expect(kept.includes('<html')).toBe(false);
    expect((await sharp(kept).metadata()).format).toBe('png');
  });

  it('the stored row describes the stored bytes (size and hash of the clean file)', async () => {
    const answer = await uploadBytes(await phonePhoto(), 'photo2.jpg');
    const kept = await download(answer.body.data.id);
    const rows = await t.app.pool.query<{ size: number; sha256: string }>(
      'SELECT size::int AS size, sha256 FROM stored_files WHERE id = $1',
      [answer.body.data.id],
    );
    expect(rows.rows[0]).toEqual({
      size: kept.length,
      sha256: createHash('sha256').update(kept).digest('hex'),
    });
  });

  const unreadable: [string, () => Buffer | Promise<Buffer>, string][] = [
    ['"%PDF-" followed by HTML', () => Buffer.concat([Buffer.from('%PDF-1.7\n'), HTML_PAGE]), 'doc.pdf'],
    [
      '"%PDF-" followed by HTML and a %%EOF',
      () => Buffer.from(`%PDF-1.4\n${HTML_PAGE.toString()}%%EOF\n`),
      'doc.pdf',
    ],
    ['a real PDF with an HTML page after its end', () => Buffer.concat([pdf(), HTML_PAGE]), 'doc.pdf'],
    ['a JPEG cut in half', async () => cutShort(await phonePhoto()), 'half.jpg'],
    [
      'a PNG whose image data is junk',
      () => Buffer.concat([png().subarray(0, 33), Buffer.alloc(2048, 0x41)]),
      'junk.png',
    ],
  ];
  for (const [name, bytes, filename] of unreadable) {
    it(`${name} is refused with fileUnreadable, nothing stored`, async () => {
      const before = await stored();
      const answer = await uploadBytes(await bytes(), filename);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(Codes.fileUnreadable.code);
      expect(answer.body.msg).toBe(Codes.fileUnreadable['en-us']);
      expect(await stored()).toEqual(before);
    });
  }

  it('a real PDF and the fixtures of every allowed type are still accepted', async () => {
    for (const [bytes, name] of [
      [pdf(), 'tiny.pdf'],
      [jpeg(), 'tiny.jpg'],
      [png(), 'tiny.png'],
    ] as const) {
      const answer = await uploadBytes(bytes, name);
      expect(answer.body.code, name).toBe(200);
    }
  });
});
