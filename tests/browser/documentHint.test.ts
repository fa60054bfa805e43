// The applicant's hint after an upload and the reviewer's marks (issue 30), in a real Chromium
// against the real portal and its real reader, with documents generated with known values. First a
// licence whose USCC is one digit off the typed one (still a valid code, so the form itself has
// nothing to say): the wizard says what the licence reads and what was typed, in English. Then the
// issue's journey: an applicant types an ID number one digit off the card's (its check character
// made right), sees the hint in Chinese, submits; the reviewer's case view marks the ID number row
// (and the USCC row) as different, lists the differences first, and outlines the number on the card
// when the mark is focused; axe finds nothing serious on that view.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { idCardCheckCharacter } from '../../src/contract/validators/mainlandIdCard';
import { usccCheckCharacter } from '../../src/contract/validators/unifiedSocialCreditCode';
import { DocumentRenderer } from '../support/documents/render';
import { idCardSamples, licenceSamples } from '../support/documents/values';
import { text } from './support/catalog';
import { axeFindings, formatFindings } from './support/a11yAxe';
import { companyInfo } from './support/certificationData';
import {
  chooseLocation,
  field,
  fillCompanyInfo,
  nextStep,
  openWizard,
  personGroup,
  submitApplication,
  UI_TIMEOUT,
  uploadInto,
} from './support/certificationDriver';
import { and, eq } from 'drizzle-orm';
import { certificationApplications, storedFiles } from '../../src/server/db/schema/index';
import { upload } from '../server/certification/support';
import { applicantAtStep, asTestApp, callerOf, reviewerSession, saveStep } from './support/a11ySessions';
import { signInBeforeLoad } from './support/appHandles';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

/**
 * The same ID number with one digit of its birth sequence changed and its check character made
 * right again: a number that differs by exactly one character fails the check character, which the
 * form itself refuses, so the typo that reaches a reviewer is one the form cannot see.
 */
function anotherValidIdNumber(idNumber: string): string {
  const first17 =
    idNumber.slice(0, 15) + String((Number(idNumber.charAt(15)) + 1) % 10) + idNumber.charAt(16);
  return first17 + (idCardCheckCharacter(first17) ?? '');
}

/** The same code with one digit of its district changed and its check character recomputed. */
function anotherValidUscc(uscc: string): string {
  const digit = (Number(uscc.charAt(4)) + 1) % 10;
  const first17 = uscc.slice(0, 4) + String(digit) + uscc.slice(5, 17);
  return first17 + (usccCheckCharacter(first17) ?? '');
}

describe('the document read hint', () => {
  test('a licence that reads differently from the typed USCC shows both, in English', async () => {
    const sample = licenceSamples({ seed: 13, count: 1 })[0]!;
    if (sample.kind !== 'businessLicense') throw new Error('a licence was generated');
    const renderer = new DocumentRenderer();
    const pdf = await renderer.pdf(sample).finally(() => renderer.close());
    const typed = anotherValidUscc(sample.values.uscc);

    const { page } = await suite.signedInPage(
      { certificationStatus: 0, language: 'en-us' },
      { locale: 'en-us' },
    );
    await openWizard(page, suite.portal().url);
    await chooseLocation(page, 'CN');
    await fillCompanyInfo(page, 'CN', {
      ...companyInfo('CN'),
      licenceCode: typed,
      companyNameChinese: sample.values.companyName,
      registeredAddressChinese: sample.values.address,
      establishmentDate: sample.values.establishmentDate,
      businessLicence: { name: 'licence.pdf', mimeType: 'application/pdf', buffer: readFileSync(pdf.file) },
    });

    // The reader reads on its own in production; the test portal's reader waits to be kicked.
    const reader = suite.portal().app.documents;
    reader.kick();
    await reader.idle();

    const hint = page.getByTestId('document-read-hint');
    await hint.waitFor({ timeout: UI_TIMEOUT });
    expect(await hint.innerText()).toContain(
      `Unified social credit code: the document reads ${sample.values.uscc}; you typed ${typed}.`,
    );
    // A hint, not a refusal: the step can still be left.
    expect(await page.getByRole('button', { name: 'Next', exact: true }).isEnabled()).toBe(true);
  });

  test('an ID number one digit off the card: the hint shows, and after submitting the reviewer sees the row marked, first in the findings, outlined on the card', async () => {
    const portal = suite.portal();
    const card = idCardSamples({ seed: 11, count: 1 })[0]!;
    const licence = licenceSamples({ seed: 13, count: 1 })[0]!;
    if (card.kind !== 'idFront' || licence.kind !== 'businessLicense')
      throw new Error('an ID card front and a licence were generated');
    const renderer = new DocumentRenderer();
    const [scan, pdf] = await Promise.all([renderer.scan(card), renderer.pdf(licence)]).finally(() =>
      renderer.close(),
    );
    const onCard = card.values.idNumber;
    const typed = anotherValidIdNumber(onCard);

    // Every step saved but the director's, which the applicant fills in the browser; the company's
    // licence reads a USCC one district digit off the typed one (the reviewer sees both rows).
    const { user, draft } = await applicantAtStep(portal, 'zh-cn', 'review', (d) => {
      d.uploadLegalPersonInfo = {
        ...d.uploadLegalPersonInfo,
        surnameChinese: card.values.name.slice(0, 1),
        givenNameChinese: card.values.name.slice(1),
      };
    });
    const licenceId = await upload(
      asTestApp(portal),
      callerOf(user),
      'businessLicense',
      readFileSync(pdf.file),
    );
    const typedUscc = anotherValidUscc(licence.values.uscc);
    await saveStep(
      portal,
      user,
      'zh-cn',
      'completeCompanyInfo',
      {
        ...draft.completeCompanyInfo,
        businessLicenseCode: typedUscc,
        companyNameChinese: licence.values.companyName,
        registeredAddressChinese: licence.values.address,
        establishmentDate: licence.values.establishmentDate,
        businessLicenseFileId: licenceId,
      },
      'uploadLegalPersonInfo',
    );

    // The applicant types the number and uploads the card: the hint says both, in Chinese.
    const page = await suite.page(await suite.context({ locale: 'zh-cn', seeded: user }));
    expect(await openWizard(page, portal.url)).toBe('uploadLegalPersonInfo');
    const director = personGroup(page, 'zh-cn', 'director');
    await field(director, 'zh-cn', 'Document number').fill(typed);
    await uploadInto(director, text('zh-cn', 'Identity card, front'), {
      name: 'id-front.png',
      mimeType: 'image/png',
      buffer: readFileSync(scan.file),
    });
    // The reader reads on its own in production; the test portal's reader waits to be kicked.
    portal.app.documents.kick();
    await portal.app.documents.idle();
    const hint = director.getByTestId('document-read-hint');
    await hint.waitFor({ timeout: UI_TIMEOUT });
    expect(await hint.innerText()).toContain(`身份证号码：证件上识别为 ${onCard}，您填写的是 ${typed}。`);

    // Never blocking: the applicant keeps the number and submits.
    expect(await nextStep(page)).toBe('uploadBeneficiaryInfo');
    expect(await nextStep(page)).toBe('uploadAuthorizerInfo');
    expect(await nextStep(page)).toBe('uploadOtherInfo');
    expect(await nextStep(page)).toBe('review');
    await submitApplication(page);
    const [row] = await portal.app.db
      .select({ id: certificationApplications.id })
      .from(certificationApplications)
      .where(eq(certificationApplications.companyId, user.signedIn.companyId!));

    // The reviewer: the ID number row says what the card reads, marked different.
    const context = await suite.context({ locale: 'en-us' });
    await signInBeforeLoad(context, await reviewerSession(portal, 'en-us'));
    const review = await suite.page(context);
    await review.goto(`${portal.url}/admin/certifications?case=${row!.id}`);
    const numberRow = review.locator('[data-path="uploadLegalPersonInfo.document.number"]');
    const mark = numberRow.locator('[data-verdict]');
    await mark.waitFor({ timeout: UI_TIMEOUT });
    expect(await mark.getAttribute('data-verdict')).toBe('different');
    expect(await mark.innerText()).toBe(`Document reads ${onCard}`);
    const usccMark = review.locator('[data-path="completeCompanyInfo.businessLicenseCode"] [data-verdict]');
    expect(await usccMark.getAttribute('data-verdict')).toBe('different');
    expect(await usccMark.innerText()).toContain(licence.values.uscc);

    // Mismatches first: the findings above the fields list every difference before anything else.
    const findings = review.getByTestId('read-findings').locator('[data-finding]');
    const tones = await findings.evaluateAll((items) => items.map((i) => i.getAttribute('data-tone')));
    const rank = { different: 0, fail: 1, unreadable: 2 } as Record<string, number>;
    expect(tones.map((t) => rank[t ?? ''])).toEqual(
      [...tones.map((t) => rank[t ?? ''])].sort((a, b) => (a ?? 9) - (b ?? 9)),
    );
    const idFinding = findings.filter({ hasText: `ID number: the document reads ${onCard}; typed ${typed}` });
    expect(await idFinding.getAttribute('data-tone')).toBe('different');

    // The keyboard reaches the mark; focusing it opens the card with the number outlined, where
    // the card prints it (its bottom-left, below the address).
    await mark.focus();
    const frontId = await portal.app.db
      .select({ id: storedFiles.id })
      .from(storedFiles)
      .where(
        and(
          eq(storedFiles.companyId, user.signedIn.companyId!),
          eq(storedFiles.originalName, 'id-front.png'),
        ),
      );
    const body = review.locator(`[data-testid="document-body"][data-file-id="${frontId[0]!.id}"]`);
    await body.waitFor({ timeout: UI_TIMEOUT });
    expect(await mark.getAttribute('aria-pressed')).toBe('true');
    const outline = body.getByRole('img', {
      name: `ID number: the document reads ${onCard} here, not what was typed`,
    });
    await outline.waitFor({ timeout: UI_TIMEOUT });
    expect(await outline.getAttribute('data-selected')).toBe('true');
    const image = await body.locator('img').boundingBox();
    const box = await outline.boundingBox();
    if (!image || !box) throw new Error('the card and its outline are on screen');
    const middle = (box.y + box.height / 2 - image.y) / image.height;
    expect(middle).toBeGreaterThan(0.75);
    expect(middle).toBeLessThan(0.95);
    expect((box.x - image.x) / image.width).toBeLessThan(0.2);
    // The card's own checks sit above it.
    const checks = review.getByRole('table', { name: "The document's own checks" });
    expect(await checks.locator('[data-check="idNumberCheckDigit"]').getAttribute('data-outcome')).toBe(
      'pass',
    );

    // The case view with the marks, findings and outline keeps to WCAG AA.
    const axe = await axeFindings(review);
    expect(axe, formatFindings('the case view with document readings', axe)).toEqual([]);

    // A click on the USCC's mark opens the licence, a PDF drawn page by page, with the code
    // outlined where the licence prints it (top left, above the title).
    await usccMark.click();
    const pdfBody = review.locator(`[data-testid="document-body"][data-file-id="${licenceId}"]`);
    const pdfOutline = pdfBody.getByRole('img', {
      name: `Unified social credit code: the document reads ${licence.values.uscc} here, not what was typed`,
    });
    await pdfOutline.waitFor({ timeout: UI_TIMEOUT });
    const sheet = await pdfBody.locator('canvas[data-page="1"]').boundingBox();
    const code = await pdfOutline.boundingBox();
    if (!sheet || !code) throw new Error('the licence and its outline are on screen');
    expect((code.y + code.height / 2 - sheet.y) / sheet.height).toBeLessThan(0.2);
    expect((code.x - sheet.x) / sheet.width).toBeLessThan(0.2);
  }, 240_000);
});
