// The document reader on the real app (issue 30): real PostgreSQL, real files, the real engine in its
// pool thread, documents generated in Chromium with known values. An upload is queued, not read,
// before it answers; the reader reads it afterwards and keeps the result with the file; the result
// goes when the file is deleted; a reading cut off by a restart is picked up again; another company
// sees nothing; the applicant gets the fields without the text, a reviewer gets both.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentReadingView } from '../../../src/contract/api/documents';
import { documentReadings } from '../../../src/server/db/schema/documents';
import { ENGINE_SOCKET_ENV } from '../../../src/server/engine/protocol';
import { DocumentReader } from '../../../src/server/services/documents/reader';
import { ReaderPool } from '../../../src/server/services/documents/readerPool';
import { MAX_ATTEMPTS, STALE_AFTER_MS } from '../../../src/server/services/documents/readingStore';
import { DocumentRenderer, type RenderedDocument } from '../../support/documents/render';
import { idCardSamples, licenceSamples, passportSamples } from '../../support/documents/values';
import { signInAs, type SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { form } from '../storage/support';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let rita: SignedIn;
let idCard: RenderedDocument;
let licence: RenderedDocument;
let passport: RenderedDocument;
let idPhoto: RenderedDocument;

beforeAll(async () => {
  const renderer = new DocumentRenderer();
  try {
    idCard = await renderer.scan(idCardSamples({ seed: 11, count: 1 })[0]!);
    licence = await renderer.pdf(licenceSamples({ seed: 13, count: 1 })[0]!);
    passport = await renderer.scan(passportSamples({ seed: 12, count: 1 })[0]!);
    idPhoto = await renderer.photo(idCardSamples({ seed: 11, count: 2 })[1]!);
  } finally {
    await renderer.close();
  }
  t = await createTestApp();
  alice = await signInAs(t.app, { role: 'applicant' });
  bob = await signInAs(t.app, { role: 'applicant' });
  rita = await signInAs(t.app, { role: 'reviewer' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function upload(who: SignedIn, doc: RenderedDocument): Promise<string> {
  const name = doc.file.split('/').pop()!;
  const res = await fetch(`${t.url}/plat/files`, {
    method: 'POST',
    headers: who.headers,
    body: form(readFileSync(doc.file), name, { kind: doc.sample.kind }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

async function reading(who: SignedIn, id: string): Promise<{ status: number; view: DocumentReadingView }> {
  const res = await fetch(`${t.url}/plat/files/${id}/reading`, { headers: who.headers });
  return { status: res.status, view: ((await res.json()) as { data: DocumentReadingView }).data };
}

/** Reads everything queued, as the reader does on its own outside tests. */
async function readQueue(): Promise<void> {
  t.app.documents.kick();
  await t.app.documents.idle();
}

describe('reading an uploaded document', () => {
  it('queues the upload, reads it afterwards and keeps the fields with the file', async () => {
    const id = await upload(alice, idCard);
    const before = await reading(alice, id);
    expect(before.view.status).toBe('queued');
    expect(before.view.fields).toEqual({});

    await readQueue();
    const { status, view } = await reading(alice, id);
    expect(status).toBe(200);
    expect(view.status).toBe('done');
    if (idCard.sample.kind !== 'idFront') throw new Error('an ID card front was generated');
    expect(view.fields.idNumber?.value).toBe(idCard.sample.values.idNumber);
    expect(view.fields.idNumber?.box).toHaveLength(4);
    expect(view.selfChecks).toContainEqual({ name: 'idNumberCheckDigit', outcome: 'pass' });
    // The applicant holds the document: the fields, not the text.
    expect(view.text).toBeNull();
    const [row] = await t.app.db.select().from(documentReadings).where(eq(documentReadings.fileId, id));
    // PaddleOCR is the default engine (DOCUMENT_OCR_ENGINE): this reading went through it.
    expect(row?.engine).toMatch(/^paddleocr/);
  }, 120_000);

  it('reads a licence PDF page and checks its USCC', async () => {
    const id = await upload(alice, licence);
    await readQueue();
    const { view } = await reading(alice, id);
    if (licence.sample.kind !== 'businessLicense') throw new Error('a licence was generated');
    expect(view.fields.uscc?.value).toBe(licence.sample.values.uscc);
    expect(view.selfChecks).toEqual([{ name: 'usccCheckDigit', outcome: 'pass' }]);
  }, 120_000);

  it('reads a passport MRZ and says whether its check digits hold', async () => {
    const id = await upload(alice, passport);
    await readQueue();
    const { view } = await reading(rita, id);
    if (passport.sample.kind !== 'passportPhotoPage') throw new Error('a passport was generated');
    expect(view.fields.number?.value).toBe(passport.sample.values.number);
    expect(view.mrz?.valid).toBe(true);
    expect(view.selfChecks).toContainEqual({ name: 'mrzCheckDigits', outcome: 'pass' });
    // A reviewer also gets the text, for search and the case view.
    expect(view.text).toContain(passport.sample.values.number);
  }, 120_000);

  it('reads a tilted, dim photo of a card, and outlines the number where it is on the photo', async () => {
    const id = await upload(alice, idPhoto);
    await readQueue();
    const { view } = await reading(alice, id);
    if (idPhoto.sample.kind !== 'idFront') throw new Error('an ID card front was generated');
    expect(view.fields.idNumber?.value).toBe(idPhoto.sample.values.idNumber);
    expect(view.fields.name?.value).toBe(idPhoto.sample.values.name);
    expect(view.fields.birthDate?.value).toBe(idPhoto.sample.values.birthDate);
    // The box is in the photo's pixels, inside it, and wider than high (a line of 18 digits).
    const { width = 0, height = 0 } = await sharp(idPhoto.file).metadata();
    const [left, top, right, bottom] = view.fields.idNumber?.box ?? [0, 0, 0, 0];
    expect(left).toBeGreaterThanOrEqual(0);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(right).toBeLessThanOrEqual(width);
    expect(bottom).toBeLessThanOrEqual(height);
    expect(right - left).toBeGreaterThan(4 * (bottom - top));
  }, 120_000);

  it('keeps a document queued, its attempt unspent, while the engine process is away, and reads it once it is back', async () => {
    await readQueue(); // nothing else waiting: the reader below claims this test's file
    const id = await upload(alice, idCard);
    // A reader whose pool calls the machine's engine process over a socket where none listens.
    const before = process.env[ENGINE_SOCKET_ENV];
    process.env[ENGINE_SOCKET_ENV] = path.join(os.tmpdir(), `no-engine-${process.pid}.sock`);
    let away: DocumentReader;
    try {
      away = new DocumentReader({
        db: t.app.db,
        store: t.app.storage.store,
        clock: t.clock,
        log: t.app.log,
        workers: 1,
        pollMs: 60_000,
        auto: false,
      });
    } finally {
      if (before === undefined) delete process.env[ENGINE_SOCKET_ENV];
      else process.env[ENGINE_SOCKET_ENV] = before;
    }
    away.kick();
    await away.idle();
    await away.close();
    const [waiting] = await t.app.db.select().from(documentReadings).where(eq(documentReadings.fileId, id));
    expect(waiting?.status).toBe('queued');
    expect(waiting?.attempts).toBe(0);
    expect(waiting?.startedAt).toBeNull();

    await readQueue();
    expect((await reading(alice, id)).view.status).toBe('done');
  }, 120_000);

  it('answers 404 to another company, as for the file itself', async () => {
    const id = await upload(alice, idCard);
    expect((await reading(bob, id)).status).toBe(404);
    // Not left queued: the next test's reader would otherwise read it (seconds of OCR) for nothing.
    const del = await fetch(`${t.url}/plat/files/${id}`, { method: 'DELETE', headers: alice.headers });
    expect(del.status).toBe(200);
  });

  it('says notRead for a kind that is not read', async () => {
    const res = await fetch(`${t.url}/plat/files`, {
      method: 'POST',
      headers: alice.headers,
      body: form(readFileSync(idCard.file), 'chart.png', { kind: 'equityStructureChart' }),
    });
    const id = ((await res.json()) as { data: { id: string } }).data.id;
    expect((await reading(alice, id)).view.status).toBe('notRead');
  });

  it('drops the reading when the file is deleted', async () => {
    const id = await upload(alice, idCard);
    const del = await fetch(`${t.url}/plat/files/${id}`, { method: 'DELETE', headers: alice.headers });
    expect(del.status).toBe(200);
    const rows = await t.app.db.select().from(documentReadings).where(eq(documentReadings.fileId, id));
    expect(rows).toEqual([]);
  });

  it('picks up a reading a restart cut off, once it is stale, on another instance', async () => {
    const id = await upload(alice, idCard);
    // A reader claimed it and died: the row says reading, started long ago.
    await t.app.db
      .update(documentReadings)
      .set({
        status: 'reading',
        startedAt: new Date(t.clock.now().getTime() - STALE_AFTER_MS - 1000),
        attempts: 1,
      })
      .where(eq(documentReadings.fileId, id));
    const other = await t.reopen();
    other.documents.kick();
    await other.documents.idle();
    const { view } = await reading(alice, id);
    expect(view.status).toBe('done');
    const [row] = await t.app.db.select().from(documentReadings).where(eq(documentReadings.fileId, id));
    expect(row?.attempts).toBe(2);
  }, 120_000);
  it('gives up on a document whose reader died on it three times', async () => {
    const id = await upload(alice, idCard);
    await t.app.db
      .update(documentReadings)
      .set({
        status: 'reading',
        startedAt: new Date(t.clock.now().getTime() - STALE_AFTER_MS - 1000),
        attempts: MAX_ATTEMPTS,
      })
      .where(eq(documentReadings.fileId, id));
    await readQueue();
    const { view } = await reading(alice, id);
    expect(view.status).toBe('failed');
    const [row] = await t.app.db.select().from(documentReadings).where(eq(documentReadings.fileId, id));
    expect(row?.failure).toBe('abandoned');
  }, 120_000);
});

describe('the reader logs no document text', () => {
  it('logs the file id, kind and time of a reading, and nothing it read', async () => {
    const lines: string[] = [];
    const log = {
      info: (o: object, m: string) => lines.push(JSON.stringify(o) + m),
      warn: (o: object, m: string) => lines.push(JSON.stringify(o) + m),
    };
    const reader = new DocumentReader({
      db: t.app.db,
      store: t.app.storage.store,
      clock: t.clock,
      log: log as never,
      workers: 1,
      pollMs: 60_000,
      auto: false,
    });
    const id = await upload(alice, idCard);
    reader.kick();
    await reader.idle();
    await reader.close();
    if (idCard.sample.kind !== 'idFront') throw new Error('an ID card front was generated');
    const all = lines.join('\n');
    expect(all).toContain(id);
    for (const value of [
      idCard.sample.values.idNumber,
      idCard.sample.values.name,
      idCard.sample.values.address,
    ])
      expect(all).not.toContain(value);
  }, 120_000);
});

describe('the engine setting (DOCUMENT_OCR_ENGINE)', () => {
  it('reaches the reader thread: Tesseract when named, Paddle otherwise', async () => {
    const tesseract = new ReaderPool(1, { engine: 'tesseract' });
    const paddle = new ReaderPool(1);
    try {
      expect(await tesseract.warm()).toMatch(/^tesseract\.js/);
      expect(await paddle.warm()).toMatch(/^paddleocr/);
    } finally {
      await Promise.all([tesseract.close(), paddle.close()]);
    }
  }, 120_000);
});
