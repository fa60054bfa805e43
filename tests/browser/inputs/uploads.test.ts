// Issue 17 §3 "Uploads", in a real Chromium against the real portal: the files people really have,
// given the ways people really give them. One drop zone (the business licence) takes every kind of
// file, by the file picker and by drag and drop; then every drop zone of the certification steps,
// the card application's and the revision step's takes a dropped file. A refused file shows the
// translated message naming what is accepted, and leaves no row and no bytes on the server.
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { AdminPaths, adminPath } from '../../../src/contract/api/admin';
import { CertificationFileKinds } from '../../../src/contract/api/certification';
import { messageFor } from '../../../src/contract/codes';
import type { Locale } from '../../../src/contract/envelope';
import { Limits } from '../../../src/contract/limits';
import { certificationApplications } from '../../../src/server/db/schema/certification';
import { signInAs } from '../../support/sessions';
import { applicantAtStep, applicantWithSubmission, asTestApp } from '../support/a11ySessions';
import { text, textWith } from '../support/catalog';
import {
  answerBeneficiaries,
  chooseAuthorizer,
  exactly,
  personGroup,
  UI_TIMEOUT,
  uploadedFileGroup,
  type PersonRole,
} from '../support/certificationDriver';
import type { UploadFile } from '../support/certificationData';
import { useBrowserSuite } from '../support/suite';
import { call } from '../../server/certification/support';
import {
  bytesOnDisk,
  countUploads,
  dropFile,
  dropZone,
  executableNamedJpg,
  heicPhoto,
  imageNamedPdf,
  oversizedPdf,
  pdfDocument,
  phonePhoto,
  pickFile,
  pngImage,
  storedFilesOf,
  webpPhoto,
  cardUploadStep,
} from './inputSupport';

const suite = useBrowserSuite();

const ACCEPTED_ONLY = 'Only JPG, JPEG, PNG or PDF files can be uploaded';

/** Opens the wizard of a fresh applicant whose draft resumes at `step` (earlier steps saved). */
async function wizardAt(locale: Locale, step: Parameters<typeof applicantAtStep>[2]) {
  const portal = suite.portal();
  const { user } = await applicantAtStep(portal, locale, step);
  const page = await suite.page(await suite.context({ locale, seeded: user }));
  await page.goto(`${portal.url}/enterpriseCertification/${step}`);
  const companyId = user.signedIn.companyId!;
  // The saved steps' files (uploaded through the API); what the test adds is what comes after.
  const seeded = new Set((await storedFilesOf(portal, companyId)).map((row) => row.id));
  const added = async () => (await storedFilesOf(portal, companyId)).filter((row) => !seeded.has(row.id));
  return { page, user, companyId, added };
}

/** Waits until the field labelled `label` in `scope` shows `file` as uploaded. */
async function shows(scope: Page | Locator, locale: Locale, label: string, name: string): Promise<Locator> {
  const group = uploadedFileGroup(scope, locale, label).filter({ hasText: name });
  await group.waitFor({ timeout: UI_TIMEOUT });
  return group;
}

/** The field's alert says exactly `message`. */
async function says(scope: Page | Locator, message: string): Promise<void> {
  await scope
    .getByRole('alert')
    .filter({ hasText: exactly(message) })
    .waitFor({ timeout: UI_TIMEOUT });
}

describe('uploads: one drop zone, every kind of file a person has', () => {
  test('the business licence: picker and drop; a 12 MP phone photo, a PDF, HEIC, WebP, over 10 MB, misleading names (zh-cn)', async () => {
    const locale: Locale = 'zh-cn';
    const portal = suite.portal();
    const { page, added } = await wizardAt(locale, 'completeCompanyInfo');
    const label = text(locale, 'Business licence');
    const zone = dropZone(page, label);
    await zone.waitFor({ timeout: UI_TIMEOUT });
    const uploadsSent = countUploads(page);
    const nothingStored = async () => {
      expect(await added()).toEqual([]);
      expect((await bytesOnDisk(portal)).partial).toEqual([]);
    };
    const filesBefore = (await bytesOnDisk(portal)).files.length;

    // An iPhone's HEIC, dropped: refused in the browser, naming what is accepted; nothing sent.
    await dropFile(zone, await heicPhoto());
    await says(page, text(locale, ACCEPTED_ONLY));
    // A WebP photo through the file picker: the same.
    await pickFile(zone, await webpPhoto());
    await says(page, text(locale, ACCEPTED_ONLY));
    // A 600-dpi scan over 10 MB: refused, naming the limit.
    await pickFile(zone, oversizedPdf());
    await says(
      page,
      textWith(locale, 'The file is larger than {max} MB', { max: Limits.upload.maxMegabytes }),
    );
    expect(uploadsSent()).toBe(0);

    // An executable named holiday.jpg passes the browser's look at its name; the server reads the
    // bytes and refuses it with its own translated message. No row, no bytes, no partial file.
    await dropFile(zone, executableNamedJpg());
    await says(page, messageFor('fileTypeNotAllowed', locale));
    expect(uploadsSent()).toBe(1);
    await nothingStored();
    expect((await bytesOnDisk(portal)).files).toHaveLength(filesBefore);

    // A 12 MP phone photo taken upright (EXIF orientation 6), dropped: stored as a JPEG (the server
    // re-encodes images, so not byte for byte), and the preview stands upright (3000 × 4000).
    const photo = await phonePhoto();
    await dropFile(zone, photo);
    const stored = await shows(page, locale, label, photo.name);
    const [row] = await added();
    expect(row).toMatchObject({ kind: CertificationFileKinds.businessLicense, contentType: 'image/jpeg' });
    const preview = stored.getByRole('img', { name: textWith(locale, 'Preview of {label}', { label }) });
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]), {
        timeout: UI_TIMEOUT,
      })
      .toEqual([3000, 4000]);

    // Delete it; a PDF through the picker shows as a PDF to open.
    await stored.getByRole('button', { name: text(locale, 'Delete'), exact: true }).click();
    await zone.waitFor({ timeout: UI_TIMEOUT });
    const scan = pdfDocument('营业执照扫描件.pdf');
    await pickFile(zone, scan);
    const pdfGroup = await shows(page, locale, label, scan.name);
    await pdfGroup.getByRole('link', { name: text(locale, 'Open the PDF') }).waitFor({ timeout: UI_TIMEOUT });

    // Replace (the picker again) with a PNG named contract.pdf: the content decides, it is an image.
    const misnamed = imageNamedPdf();
    await pickFile(pdfGroup.getByRole('button', { name: text(locale, 'Replace'), exact: true }), misnamed);
    await page
      .getByRole('img', { name: textWith(locale, 'Preview of {label}', { label }) })
      .waitFor({ timeout: UI_TIMEOUT });
    const rows = await added();
    expect(rows.at(-1)).toMatchObject({
      contentType: 'image/png',
      kind: CertificationFileKinds.businessLicense,
    });
    expect(uploadsSent()).toBe(4);
  });

  test('the refusals in en-us too', async () => {
    const locale: Locale = 'en-us';
    const { page, added } = await wizardAt(locale, 'uploadEquityStructureChart');
    const zone = dropZone(page, text(locale, 'Equity structure chart'));
    await zone.waitFor({ timeout: UI_TIMEOUT });
    await dropFile(zone, await heicPhoto());
    await says(page, 'Only JPG, JPEG, PNG or PDF files can be uploaded');
    await dropFile(zone, oversizedPdf());
    await says(page, `The file is larger than ${Limits.upload.maxMegabytes} MB`);
    await dropFile(zone, executableNamedJpg());
    await says(page, messageFor('fileTypeNotAllowed', locale));
    expect(await added()).toEqual([]);
  });
});

// ---- every drop zone ----------------------------------------------------------------------------

/** Drops a small file on each labelled zone of `scope` and waits until each shows as stored. */
async function dropOnEach(scope: Page | Locator, locale: Locale, labels: string[], file: () => UploadFile) {
  for (const source of labels) {
    const label = source.startsWith('=') ? source.slice(1) : text(locale, source);
    const upload = { ...file(), name: `${label.replace(/[^\p{L}\p{N}]+/gu, '-')}.png` };
    await dropFile(dropZone(scope, label), upload);
    await shows(scope, locale, label, upload.name);
  }
}

const PERSON_UPLOADS = ['Identity card, front', 'Identity card, back', 'Proof of address'];

async function dropOnPerson(page: Page, locale: Locale, who: PersonRole, passportToo: boolean) {
  const group = personGroup(page, locale, who);
  await group.waitFor({ timeout: UI_TIMEOUT });
  await dropOnEach(group, locale, PERSON_UPLOADS, pngImage);
  if (!passportToo) return;
  // The passport's two pages replace the identity card's zones.
  await group.getByText(text(locale, 'Passport'), { exact: true }).click();
  await dropOnEach(group, locale, ['Passport photo page', 'Passport signature page'], pngImage);
}

/** The kinds stored since the wizard opened, counted. */
async function kindsStored(wizard: {
  added(): Promise<Array<{ kind: string }>>;
}): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const row of await wizard.added()) counts[row.kind] = (counts[row.kind] ?? 0) + 1;
  return counts;
}

describe('uploads: every drop zone takes a dropped file', () => {
  test('the company, chart, director (identity card and passport) and other-information zones', async () => {
    const locale: Locale = 'en-us';
    const company = await wizardAt(locale, 'completeCompanyInfo');
    await dropOnEach(company.page, locale, ['Business licence'], pdfDocument);
    expect(await kindsStored(company)).toEqual({ businessLicense: 1 });

    const chart = await wizardAt(locale, 'uploadEquityStructureChart');
    await dropOnEach(chart.page, locale, ['Equity structure chart'], pdfDocument);
    expect(await kindsStored(chart)).toEqual({ equityStructureChart: 1 });

    const director = await wizardAt(locale, 'uploadLegalPersonInfo');
    await dropOnPerson(director.page, locale, 'director', true);
    expect(await kindsStored(director)).toEqual({
      idFront: 1,
      idBack: 1,
      proofOfAddress: 1,
      passportPhotoPage: 1,
      passportSignaturePage: 1,
    });

    const other = await wizardAt(locale, 'uploadOtherInfo');
    const add = other.page.getByRole('button', { name: text(locale, 'Add a supporting document') });
    await add.click();
    await add.click();
    await dropOnEach(
      other.page,
      locale,
      [1, 2].map((number) => '=' + textWith(locale, 'Supporting document {number}', { number })),
      pdfDocument,
    );
    expect(await kindsStored(other)).toEqual({ otherDocument: 2 });
  });

  test('the beneficiary, senior managing official and authorizer zones (zh-cn)', async () => {
    const locale: Locale = 'zh-cn';
    const beneficiaries = await wizardAt(locale, 'uploadBeneficiaryInfo');
    await answerBeneficiaries(beneficiaries.page, true);
    await dropOnPerson(beneficiaries.page, locale, { beneficiary: 1 }, false);
    await answerBeneficiaries(beneficiaries.page, false);
    await dropOnPerson(beneficiaries.page, locale, 'seniorManagingOfficial', false);
    expect(await kindsStored(beneficiaries)).toMatchObject({
      idFront: 2,
      idBack: 2,
      proofOfAddress: 2,
    });

    const authorizer = await wizardAt(locale, 'uploadAuthorizerInfo');
    await chooseAuthorizer(authorizer.page, 'none');
    await dropOnPerson(authorizer.page, locale, 'authorizer', false);
    await dropOnEach(authorizer.page, locale, ['Signed authorization letter'], pdfDocument);
    expect(await kindsStored(authorizer)).toEqual({
      idFront: 1,
      idBack: 1,
      proofOfAddress: 1,
      authorizationLetter: 1,
    });
  });

  test('the card application: a dropped HEIC is refused, a dropped PDF is attached (zh-cn)', async () => {
    const locale: Locale = 'zh-cn';
    const { page, zone, stored } = await cardUploadStep(suite, locale, 'OP80000002');

    await dropFile(zone, await heicPhoto());
    await page
      .getByText(messageFor('fileTypeNotAllowed', locale), { exact: true })
      .waitFor({ timeout: UI_TIMEOUT });
    expect(await stored()).toEqual([]);

    const document = pdfDocument('采购合同.pdf');
    await dropFile(zone, document);
    await page
      .getByRole('button', { name: textWith(locale, 'Remove file {0}', { 0: document.name }) })
      .waitFor({ timeout: UI_TIMEOUT });
    const rows = await stored();
    expect(rows.map((r) => [r.originalName, r.contentType])).toEqual([[document.name, 'application/pdf']]);
  });

  test('the revision step: the flagged licence is deleted and a new one dropped in its place', async () => {
    const locale: Locale = 'en-us';
    const portal = suite.portal();
    const { user } = await applicantWithSubmission(portal, locale);
    const companyId = user.signedIn.companyId!;
    const [application] = await portal.app.db
      .select({ id: certificationApplications.id, version: certificationApplications.version })
      .from(certificationApplications)
      .where(eq(certificationApplications.companyId, companyId));
    const reviewer = await signInAs(portal.app, { role: 'reviewer', language: locale });
    const asked = await call(
      asTestApp(portal),
      { signedIn: reviewer, headers: reviewer.headers },
      'POST',
      adminPath(AdminPaths.certificationRequestRevision, { id: application!.id }),
      {
        version: application!.version,
        fields: ['completeCompanyInfo.businessLicenseFileId'],
        comment: 'The licence scan is unreadable.',
      },
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);

    const page = await suite.page(await suite.context({ locale, seeded: user }));
    await page.goto(`${portal.url}/enterpriseCertification/completeCompanyInfo`);
    const label = text(locale, 'Business licence');
    const flagged = uploadedFileGroup(page, locale, label);
    await flagged.waitFor({ timeout: UI_TIMEOUT });
    await page
      .getByText(text(locale, 'The reviewer asks you to check this field'))
      .waitFor({ timeout: UI_TIMEOUT });
    await flagged.getByRole('button', { name: text(locale, 'Delete'), exact: true }).click();
    const fresh = pngImage('licence-rescanned.png');
    await dropFile(dropZone(page, label), fresh);
    await shows(page, locale, label, fresh.name);
    const rows = await storedFilesOf(portal, companyId);
    expect(rows.filter((r) => r.originalName === fresh.name && r.kind === 'businessLicense')).toHaveLength(1);
  });
});
