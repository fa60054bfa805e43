// Issue 17 §4 (faults): the disk is full while an upload is being saved. DATA_DIR lives on a real
// small tmpfs, filled by something else (a filler file) until only a little room is left, less
// than the photo being uploaded, so the kernel refuses a write in the middle of the file. Each upload
// path (a certification document, the card application's file, the phone's face capture) answers
// 507 `storageFull` in the caller's language, records nothing, changes nothing, and leaves no partial
// file in the files folder or its temp folder; once space is back the same upload goes through.
// The old code answered 400 "Upload failed", as if the person's file were broken.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_APPLICATION_FILE_KIND } from '../../../src/contract/api/card';
import { VerificationPaths } from '../../../src/contract/api/verification';
import { Codes } from '../../../src/contract/codes';
import type { Envelope } from '../../../src/contract/envelope';
import { storedFiles } from '../../../src/server/db/schema/files';
import { verificationSessions } from '../../../src/server/db/schema/verification';
import { mountSmallDisk, type SmallDisk } from '../../support/faultDisk';
import { createCompany, signInAs, type SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { scannedSession } from '../verification/support';

const DISK_BYTES = 8 * 1024 * 1024;
/** Room left on the full disk: part of the photo fits, so a partial file is really written. */
const ROOM_LEFT = 128 * 1024;

let disk: SmallDisk;
let t: TestApp;
let photo: Buffer;
let zhApplicant: SignedIn;
let enApplicant: SignedIn;

beforeAll(async () => {
  disk = await mountSmallDisk(DISK_BYTES);
  t = await createTestApp({ dataDir: disk.dir });
  zhApplicant = await signInAs(t.app, { role: 'applicant', language: 'zh-cn' });
  enApplicant = await signInAs(t.app, { role: 'applicant', companyId: (await createCompany(t.app)).id });
  // A real phone-sized photo that does not compress: several times the room left.
  const width = 640;
  const height = 720;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  photo = await sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
});
afterAll(async () => {
  await t?.close();
  await disk?.unmount();
});

const language = { 'zh-cn': '0', 'en-us': '1' } as const;

async function post(route: string, form: FormData, headers: Record<string, string>) {
  const response = await fetch(`${t.url}/plat${route}`, {
    method: 'POST',
    headers,
    body: form,
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, body: (await response.json()) as Envelope };
}

function uploadFile(who: SignedIn, kind: string, locale: keyof typeof language) {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  return post('/files', form, { ...who.headers, language: language[locale] });
}

function captureFace(key: string) {
  const form = new FormData();
  form.append('key', key);
  form.append('source', 'file');
  form.append('frame', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'face.jpg');
  return post(VerificationPaths.capture, form, { language: language['en-us'] });
}

/** Every file under DATA_DIR/files, the temp folder included (its folder itself is not a file). */
function filesOnDisk(): string[] {
  const filesDir = path.join(disk.dir, 'files');
  return readdirSync(filesDir, { recursive: true, withFileTypes: true })
    .filter((e) => !e.isDirectory())
    .map((e) => path.join(e.parentPath, e.name));
}

const storedRows = () => t.app.db.select().from(storedFiles);

function expectStorageFull(answer: { status: number; body: Envelope }, locale: keyof typeof language) {
  // Whole, so a failure shows what came instead.
  expect(answer).toEqual({
    status: 507,
    body: { code: Codes.storageFull.code, msg: Codes.storageFull[locale], data: null },
  });
}

describe('the disk full while an upload is saved', () => {
  it('answers 507 storageFull on every upload path, records nothing, leaves no partial file', async () => {
    const session = await scannedSession(t, enApplicant);
    const sessionBefore = await t.app.db
      .select()
      .from(verificationSessions)
      .where(eq(verificationSessions.id, session.id));
    expect(await storedRows()).toEqual([]);
    expect(filesOnDisk()).toEqual([]);

    await disk.fill(ROOM_LEFT);
    expect(disk.freeBytes()).toBeLessThan(photo.length / 2);

    // One after the other: each finds the disk as full as the first did.
    expectStorageFull(await uploadFile(zhApplicant, 'businessLicense', 'zh-cn'), 'zh-cn');
    expectStorageFull(await uploadFile(enApplicant, CARD_APPLICATION_FILE_KIND, 'en-us'), 'en-us');
    expectStorageFull(await captureFace(session.key), 'en-us');

    expect(await storedRows()).toEqual([]);
    expect(filesOnDisk()).toEqual([]);
    // The phone's session is where it was: no capture, no attempt spent, no new event.
    const sessionAfter = await t.app.db
      .select()
      .from(verificationSessions)
      .where(eq(verificationSessions.id, session.id));
    expect(sessionAfter).toEqual(sessionBefore);
    // The partial files are gone, so their space is back.
    expect(disk.freeBytes()).toBeGreaterThanOrEqual(ROOM_LEFT - 4096);

    // "Try again later" holds: with space again, the same upload is stored.
    await disk.free();
    const again = await uploadFile(zhApplicant, 'businessLicense', 'zh-cn');
    expect(again).toMatchObject({ status: 200, body: { code: Codes.ok.code } });
    expect(await storedRows()).toHaveLength(1);
  });
});
