// The application's one document on the real API: exactly one file, of this company, uploaded with
// the kind 'cardApplication', jpg/png/pdf by content, at most 10 MB (docs/product-rules.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardApplicationView } from '../../../src/contract/api/card';
import { Codes } from '../../../src/contract/codes';
import { Limits } from '../../../src/contract/limits';
import { pdf } from '../../fixtures/files/samples';
import type { SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { pngOfSize, sample } from '../storage/support';
import { applicant, call, completeApplication, storedApplication, upload, uploadedPng } from './support';

let t: TestApp;
let alice: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  alice = await applicant(t.app);
});
afterAll(() => t?.close());

const save = (who: SignedIn, body: unknown) =>
  call<CardApplicationView>(t, who, 'POST', '/card/application/save', body);
const submit = (who: SignedIn, body: unknown = {}) =>
  call<CardApplicationView>(t, who, 'POST', '/card/application/submit', body);

describe('one file only', () => {
  it('refuses a list of two files on save and on submit (oneFileOnly), storing nothing', async () => {
    const bea = await applicant(t.app);
    const one = await uploadedPng(t, bea);
    const two = await uploadedPng(t, bea);
    for (const body of [{ fileId: [one, two] }, { fileIds: [one, two] }]) {
      for (const send of [save, submit]) {
        const res = await send(bea, body);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe(Codes.oneFileOnly.code);
        expect(res.body.msg).toBe(Codes.oneFileOnly['en-us']);
      }
    }
    expect(await storedApplication(t.app, bea.companyId!)).toBeNull();
  });

  it('a one-item list is that file; a new file replaces the old one', async () => {
    const bea = await applicant(t.app);
    const one = await uploadedPng(t, bea);
    const two = await uploadedPng(t, bea);
    expect((await save(bea, { fileIds: [one] })).body.data.file?.id).toBe(one);
    const replaced = await save(bea, { fileId: two });
    expect(replaced.body.data.file).toMatchObject({ id: two, name: 'licence.png', type: 'image/png' });
    expect((await save(bea, { fileId: null })).body.data.file).toBeNull();
  });
});

describe('whose file, which kind', () => {
  it("refuses another company's file, another kind and an unknown id (file.invalid), storing nothing", async () => {
    const bob = await applicant(t.app);
    const bobsFile = await uploadedPng(t, bob);
    const otherKind = await uploadedPng(t, alice, 'businessLicense');
    for (const fileId of [bobsFile, otherKind, crypto.randomUUID()]) {
      const res = await save(alice, { fileId });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(Codes.validationFailed.code);
      expect(res.body.data).toEqual([{ path: 'fileId', message: 'file.invalid' }]);
    }
    expect(await storedApplication(t.app, alice.companyId!)).toBeNull();
  });

  it('a file deleted after it was saved is not submitted', async () => {
    const bea = await applicant(t.app);
    const complete = await completeApplication(t, bea);
    await save(bea, complete);
    const del = await fetch(`${t.url}/plat/files/${complete.fileId}`, {
      method: 'DELETE',
      headers: bea.headers,
    });
    expect(del.status).toBe(200);
    const res = await submit(bea);
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual([{ path: 'fileId', message: 'file.invalid' }]);
    expect((await storedApplication(t.app, bea.companyId!))?.state).toBe('saved');
  });

  it('a submit without a file says the file is required', async () => {
    const bea = await applicant(t.app);
    const { fileId: _unused, ...rest } = await completeApplication(t, bea);
    const res = await submit(bea, rest);
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual([{ path: 'fileId', message: 'file.required' }]);
    expect(await storedApplication(t.app, bea.companyId!)).toBeNull();
  });
});

describe('type by content and size, through the card kind', () => {
  it('accepts a PNG and a PDF uploaded as cardApplication and submits with them', async () => {
    const png = await upload(t, alice, sample('tiny.png'), 'scan.png');
    expect(png.status).toBe(200);
    expect(png.body.data.contentType).toBe('image/png');
    const doc = await upload(t, alice, pdf(), 'statement.pdf');
    expect(doc.body.data.contentType).toBe('application/pdf');
    const bea = await applicant(t.app);
    const complete = await completeApplication(t, bea);
    const pdfOfBea = await upload(t, bea, pdf(), 'statement.pdf');
    const res = await submit(bea, { ...complete, fileId: pdfOfBea.body.data.id });
    expect(res.status).toBe(200);
    expect(res.body.data.file).toMatchObject({ type: 'application/pdf', name: 'statement.pdf' });
  });

  it('refuses an HTML page renamed .png at upload', async () => {
    const res = await upload(t, alice, sample('page-html.png'), 'page.png');
    expect(res.status).toBe(415);
    expect(res.body.code).toBe(Codes.fileTypeNotAllowed.code);
  });

  it('accepts exactly 10 MB and refuses 10 MB + 1 byte at upload', async () => {
    const max = Limits.cardApplication.maxBytes;
    expect(max).toBe(10 * 1024 * 1024);
    const atLimit = await upload(t, alice, pngOfSize(max), 'big.png');
    expect(atLimit.status).toBe(200);
    expect((await save(alice, { fileId: atLimit.body.data.id })).status).toBe(200);
    const over = await upload(t, alice, pngOfSize(max + 1), 'bigger.png');
    expect(over.status).toBe(413);
    expect(over.body.code).toBe(Codes.fileTooLarge.code);
  });
});
