// The applicant's hint after an upload (issue 30), in a real Chromium against the real portal and
// its real reader: a licence generated with a known USCC is uploaded while the form says a USCC one
// digit off (still a valid code, so the form itself has nothing to say); once the reader has read
// the file, the wizard says what the licence reads and what was typed. The reviewer's side of this
// A second run types an ID number one digit off the card's, in Chinese. A third submits a licence
// whose USCC differs from the typed one and opens the case as a reviewer: the row is marked.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { usccCheckCharacter } from '../../src/contract/validators/unifiedSocialCreditCode';
import { DocumentRenderer } from '../support/documents/render';
import { idCardSamples, licenceSamples } from '../support/documents/values';
import { text } from './support/catalog';
import { companyInfo, mainlandPerson, pdfFile } from './support/certificationData';
import {
  chooseLocation,
  fillCompanyInfo,
  fillPerson,
  nextStep,
  openWizard,
  personGroup,
  UI_TIMEOUT,
  uploadInto,
} from './support/certificationDriver';
import { eq } from 'drizzle-orm';
import type { CertificationDraft } from '../../src/contract/api/certification';
import { certificationApplications } from '../../src/server/db/schema/index';
import { upload } from '../server/certification/support';
import {
  applicantWithSubmission,
  asTestApp,
  callerOf,
  reviewerSession,
  saveStep,
} from './support/a11ySessions';
import { signInBeforeLoad } from './support/appHandles';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

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

  test('an ID card whose number differs by one digit from the typed one shows both, in Chinese', async () => {
    const sample = idCardSamples({ seed: 11, count: 1 })[0]!;
    if (sample.kind !== 'idFront') throw new Error('an ID card front was generated');
    const renderer = new DocumentRenderer();
    const scan = await renderer.scan(sample).finally(() => renderer.close());
    const card = sample.values.idNumber;
    // One digit of the birth sequence off: what a slip of the finger types.
    const typed = card.slice(0, 15) + String((Number(card.charAt(15)) + 1) % 10) + card.slice(16);

    const { page } = await suite.signedInPage(
      { certificationStatus: 0, language: 'zh-cn' },
      { locale: 'zh-cn' },
    );
    await openWizard(page, suite.portal().url);
    await chooseLocation(page, 'CN');
    await fillCompanyInfo(page, 'CN', companyInfo('CN'));
    await nextStep(page);
    await uploadInto(page, text('zh-cn', 'Equity structure chart'), pdfFile('股权结构图.pdf'));
    await nextStep(page);
    const director = mainlandPerson('director', 30);
    const group = personGroup(page, 'zh-cn', 'director');
    await fillPerson(group, {
      ...director,
      idCardNumber: typed,
      surnameChinese: sample.values.name.slice(0, 1),
      givenNameChinese: sample.values.name.slice(1),
      files: {
        ...director.files,
        idFront: { name: 'id-front.png', mimeType: 'image/png', buffer: readFileSync(scan.file) },
      },
    });

    const reader = suite.portal().app.documents;
    reader.kick();
    await reader.idle();

    const hint = group.getByTestId('document-read-hint');
    await hint.waitFor({ timeout: UI_TIMEOUT });
    expect(await hint.innerText()).toContain(`身份证号码：证件上识别为 ${card}，您填写的是 ${typed}。`);
  });

  test('after submitting, the reviewer’s case view marks the USCC row with what the licence reads', async () => {
    const portal = suite.portal();
    const base = licenceSamples({ seed: 13, count: 1 })[0]!;
    if (base.kind !== 'businessLicense') throw new Error('a licence was generated');
    let draft: Required<CertificationDraft> | undefined;
    let onLicence = '';
    const { user } = await applicantWithSubmission(
      portal,
      'en-us',
      (d) => {
        draft = d;
      },
      async (applicant) => {
        onLicence = base.values.uscc;
        const renderer = new DocumentRenderer();
        const pdf = await renderer.pdf(base).finally(() => renderer.close());
        const id = await upload(
          asTestApp(portal),
          callerOf(applicant),
          'businessLicense',
          readFileSync(pdf.file),
        );
        // Typed: a valid code one district digit off the licence's.
        const typed = anotherValidUscc(onLicence);
        await saveStep(
          portal,
          applicant,
          'en-us',
          'completeCompanyInfo',
          { ...draft!.completeCompanyInfo, businessLicenseCode: typed, businessLicenseFileId: id },
          'uploadOtherInfo',
        );
      },
    );
    portal.app.documents.kick();
    await portal.app.documents.idle();
    const [row] = await portal.app.db
      .select({ id: certificationApplications.id })
      .from(certificationApplications)
      .where(eq(certificationApplications.companyId, user.signedIn.companyId!));

    const context = await suite.context({ locale: 'en-us' });
    await signInBeforeLoad(context, await reviewerSession(portal, 'en-us'));
    const page = await suite.page(context);
    await page.goto(`${portal.url}/admin/certifications?case=${row!.id}`);
    const uscc = page.locator('[data-path="completeCompanyInfo.businessLicenseCode"]');
    const mark = uscc.locator('[data-verdict]');
    await mark.waitFor({ timeout: UI_TIMEOUT });
    expect(await mark.getAttribute('data-verdict')).toBe('different');
    expect(await mark.innerText()).toContain(onLicence);
  });
});
