// Drives the enterprise certification wizard (issue 5) the way a person does: by the labels and
// buttons on screen, read from the app's own catalogs in the page's language (<html lang>), so a
// journey runs unchanged in zh-cn and en-us. Data comes from ./certificationData.
//
// The API, for every journey test:
//   openWizard(page, baseUrl)             the wizard, at the step the server resumes
//   currentStep(page) / currentStepTitle  which step is showing
//   chooseLocation(page, location)        step 1 with its confirm prompt
//   fillCompanyInfo(page, location, data) step 2 (the location's own fields)
//   uploadInto(scope, label, file)        any upload field, through its file input
//   personGroup(page, who) + fillPerson   a person form (director, beneficiary n, authorizer, …)
//   answerBeneficiaries(page, yes)        the ≥ 25 % question
//   chooseAuthorizer(page, choice)        the authorizer step's choice
//   nextStep(page) / backStep(page)       leave the step; throws with the page's errors when refused
//   openQrDialog(page) / qrLink(page)     the QR verification dialog and the link its code encodes
//   submitApplication(page)               submit and wait for the success dialog
import type { Locator, Page } from 'playwright-core';
import type { Locale } from '../../../src/contract/envelope';
import { Limits } from '../../../src/contract/limits';
import type { CompanyLocation } from '../../../src/contract/options';
import { text, textWith } from './catalog';
import type { CompanyInfoData, PersonData, UploadFile } from './certificationData';

/** Generous: the machine is shared and slow; these wait for UI states, never assert durations. */
export const UI_TIMEOUT = 30_000;

export type WizardPlace =
  | 'selectLocationCompany'
  | 'completeCompanyInfo'
  | 'uploadEquityStructureChart'
  | 'uploadLegalPersonInfo'
  | 'uploadBeneficiaryInfo'
  | 'uploadAuthorizerInfo'
  | 'uploadOtherInfo'
  | 'review';

/** The step titles (src/web/features/certification/labels.ts PLACE_LABELS), by English source. */
export const STEP_TITLES: Record<WizardPlace, string> = {
  selectLocationCompany: 'Company location',
  completeCompanyInfo: 'Company information',
  uploadEquityStructureChart: 'Equity structure chart',
  uploadLegalPersonInfo: 'Director / legal person',
  uploadBeneficiaryInfo: 'Beneficiaries',
  uploadAuthorizerInfo: 'Authorizer',
  uploadOtherInfo: 'Other information',
  review: 'Review and submit',
};

const LOCATION_NAMES: Record<CompanyLocation, string> = {
  CN: 'Mainland China',
  HK: 'Hong Kong, China',
  SG: 'Singapore',
  US: 'United States',
  GB: 'United Kingdom',
};

type Scope = Page | Locator;
const pageOf = (scope: Scope): Page => ('page' in scope ? scope.page() : scope);

/** The language the page shows, once the app has set it (it keeps <html lang> in step with its locale). */
export async function pageLocale(scope: Scope): Promise<Locale> {
  const lang = await pageOf(scope).waitForFunction(
    () => {
      const value = document.documentElement.lang;
      return value === 'zh-cn' || value === 'en-us' ? value : null;
    },
    undefined,
    { timeout: UI_TIMEOUT },
  );
  return (await lang.jsonValue()) as Locale;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Matches an element whose whole text is `s` (hasText alone matches substrings). */
export const exactly = (s: string) => new RegExp(`^\\s*${escapeRegExp(s)}\\s*$`);

// ---- where the wizard is ----------------------------------------------------------------------------

/** The step heading, whichever step shows. */
function stepHeading(page: Page, locale: Locale, place?: WizardPlace): Locator {
  const titles = place ? [STEP_TITLES[place]] : Object.values(STEP_TITLES);
  const names = titles.map((source) => escapeRegExp(text(locale, source)));
  return page.getByRole('heading', { level: 2, name: new RegExp(`^(${names.join('|')})$`) });
}

/** The title of the step on screen, once one shows. */
export async function currentStepTitle(page: Page): Promise<string> {
  const heading = stepHeading(page, await pageLocale(page));
  await heading.waitFor({ timeout: UI_TIMEOUT });
  return (await heading.innerText()).trim();
}

/** The step on screen, once one shows. */
export async function currentStep(page: Page): Promise<WizardPlace> {
  const locale = await pageLocale(page);
  const title = await currentStepTitle(page);
  const place = (Object.keys(STEP_TITLES) as WizardPlace[]).find(
    (p) => text(locale, STEP_TITLES[p]) === title,
  );
  if (!place) throw new Error(`"${title}" is not a certification step title`);
  return place;
}

/** Waits until `place` shows. */
export async function waitForStep(page: Page, place: WizardPlace): Promise<void> {
  await stepHeading(page, await pageLocale(page), place).waitFor({ timeout: UI_TIMEOUT });
}

/** Opens the wizard by its address and waits for the step the server resumes at. */
export async function openWizard(page: Page, baseUrl: string): Promise<WizardPlace> {
  await page.goto(`${baseUrl}/enterpriseCertification/enterpriseCertificationIndex`);
  return currentStep(page);
}

// ---- moving between steps ---------------------------------------------------------------------------

/** What the page says is wrong: its alerts, and each invalid field with its error text. */
async function visibleProblems(page: Page): Promise<string[]> {
  const alerts = await page.getByRole('alert').allInnerTexts();
  const invalid = await page.locator('[aria-invalid="true"]').evaluateAll((nodes) =>
    nodes.map((node) => {
      const input = node as HTMLInputElement;
      const label = input.labels?.[0]?.textContent ?? input.getAttribute('aria-label') ?? input.name;
      const described = (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
      return `${label}: ${described}`;
    }),
  );
  return [...alerts, ...invalid].map((s) => s.trim()).filter(Boolean);
}

async function leaveStep(page: Page, button: string): Promise<WizardPlace> {
  const locale = await pageLocale(page);
  const before = await currentStep(page);
  await page.getByRole('button', { name: text(locale, button), exact: true }).click();
  const others = (Object.keys(STEP_TITLES) as WizardPlace[]).filter((p) => p !== before);
  try {
    await Promise.any(others.map((p) => stepHeading(page, locale, p).waitFor({ timeout: UI_TIMEOUT })));
  } catch {
    throw new Error(
      `"${button}" did not leave ${before}; the page says: ${JSON.stringify(await visibleProblems(page))}`,
    );
  }
  return currentStep(page);
}

/** Clicks Next; resolves with the step that follows, or throws with what the page complains about. */
export const nextStep = (page: Page): Promise<WizardPlace> => leaveStep(page, 'Next');
export const backStep = (page: Page): Promise<WizardPlace> => leaveStep(page, 'Back');

// ---- fields -----------------------------------------------------------------------------------------

/** The input a visible label names, inside `scope`. */
export function field(scope: Scope, locale: Locale, label: string): Locator {
  return scope.getByLabel(text(locale, label), { exact: true });
}

async function selectByValue(scope: Scope, locale: Locale, label: string, value: string): Promise<void> {
  await field(scope, locale, label).selectOption(value);
}

/**
 * Uploads `file` into the upload field labelled `label` (already translated) through its real file
 * input, and waits until the field shows the uploaded file by name (the server stored it).
 */
export async function uploadInto(scope: Scope, label: string, file: UploadFile): Promise<void> {
  const locale = await pageLocale(scope);
  const input = scope.getByLabel(label, { exact: true }).and(pageOf(scope).locator('input[type="file"]'));
  await input.setInputFiles(file);
  await uploadedFileGroup(scope, locale, label)
    .filter({ hasText: file.name })
    .waitFor({ timeout: UI_TIMEOUT });
}

/** The box of an upload field that holds a file ("Uploaded file for <label>"). */
export function uploadedFileGroup(scope: Scope, locale: Locale, label: string): Locator {
  return scope.getByRole('group', {
    name: textWith(locale, 'Uploaded file for {label}', { label }),
    exact: true,
  });
}

// ---- step 1: location ---------------------------------------------------------------------------------

/** Picks the location, answers the "cannot be changed" prompt with Confirm, waits for company info. */
export async function chooseLocation(page: Page, location: CompanyLocation): Promise<void> {
  const locale = await pageLocale(page);
  await page
    .getByRole('radiogroup', { name: text(locale, 'Company location') })
    .getByRole('radio', { name: text(locale, LOCATION_NAMES[location]), exact: true })
    .check();
  await page.getByRole('button', { name: text(locale, 'Next'), exact: true }).click();
  const prompt = page.getByRole('dialog', { name: text(locale, 'Confirm the company location') });
  await prompt.waitFor({ timeout: UI_TIMEOUT });
  await prompt.getByRole('button', { name: text(locale, 'Confirm'), exact: true }).click();
  await waitForStep(page, 'completeCompanyInfo');
}

// ---- step 2: company information ------------------------------------------------------------------------

/** The licence-number label of each location (CompanyInfoStep). */
export const LICENCE_LABEL: Record<CompanyInfoData['location'], string> = {
  CN: 'Unified social credit code',
  HK: 'Business Registration (BR) number',
};

/** Fills every field of the company information step for `location` and uploads the licence. */
export async function fillCompanyInfo(
  page: Page,
  location: CompanyInfoData['location'],
  data: CompanyInfoData,
): Promise<void> {
  const locale = await pageLocale(page);
  const optional = location === 'CN' ? '' : ' (optional)';
  await field(page, locale, LICENCE_LABEL[location]).fill(data.licenceCode);
  if (location === 'HK')
    await field(page, locale, 'Companies Registry (CR) number').fill(data.companiesRegistryNumber ?? '');
  await field(page, locale, 'Establishment date').fill(data.establishmentDate);
  await field(page, locale, `Company name in Chinese${optional}`).fill(data.companyNameChinese);
  await field(page, locale, 'Company name in English').fill(data.companyNameEnglish);
  await field(page, locale, `Registered address in Chinese${optional}`).fill(data.registeredAddressChinese);
  await field(page, locale, 'Registered address in English').fill(data.registeredAddressEnglish);
  if (data.postalCode !== undefined) await field(page, locale, 'Postal code').fill(data.postalCode);
  await selectByValue(page, locale, 'Company type', data.companyType);
  await selectByValue(page, locale, 'Industry', data.industry);
  await field(page, locale, 'Website (optional)').fill(data.website);
  await field(page, locale, 'Product description').fill(data.productDescription);
  await uploadInto(page, text(locale, 'Business licence'), data.businessLicence);
}

// ---- persons ------------------------------------------------------------------------------------------

export type PersonRole =
  | 'director'
  | 'seniorManagingOfficial'
  | 'authorizer'
  | { beneficiary: number /* 1-based, as the page numbers them */ };

/** The person form of `who` (each is a group named like its heading). */
export function personGroup(page: Page, locale: Locale, who: PersonRole): Locator {
  const name =
    who === 'director'
      ? text(locale, 'Director / legal person')
      : who === 'seniorManagingOfficial'
        ? text(locale, 'Senior managing official')
        : who === 'authorizer'
          ? text(locale, 'Authorizer')
          : textWith(locale, 'Beneficiary {number}', { number: who.beneficiary });
  return page.getByRole('group', { name, exact: true });
}

/** The person's text fields (not the uploads), by label source. */
export function personTextFields(person: PersonData): Array<[label: string, value: string]> {
  return [
    ['Document number', person.idCardNumber],
    ['Surname (Chinese)', person.surnameChinese],
    ['Given name (Chinese)', person.givenNameChinese],
    ['Surname (English)', person.surnameEnglish],
    ['Given name (English)', person.givenNameEnglish],
    ['Residence address', person.residenceAddress],
    ['Mobile number', person.mobile],
    ['Shareholding ratio (%)', String(person.shareholdingRatio)],
  ];
}

/** Fills a person form with an identity card: every field and the three uploads. */
export async function fillPerson(group: Locator, person: PersonData): Promise<void> {
  const locale = await pageLocale(group);
  await selectByValue(group, locale, 'Nationality / region', person.nationality);
  // The identity card is the form's default document type: nothing to pick.
  for (const [label, value] of personTextFields(person)) await field(group, locale, label).fill(value);
  await selectByValue(group, locale, 'Area code', person.mobileAreaCode);
  await uploadInto(group, text(locale, 'Identity card, front'), person.files.idFront);
  await uploadInto(group, text(locale, 'Identity card, back'), person.files.idBack);
  await uploadInto(group, text(locale, 'Proof of address'), person.files.proofOfAddress);
}

// ---- beneficiaries and authorizer ---------------------------------------------------------------------

/** Answers "Does any shareholder hold 25 % or more?". */
export async function answerBeneficiaries(page: Page, anyoneAtThreshold: boolean): Promise<void> {
  const locale = await pageLocale(page);
  const question = textWith(locale, 'Does any shareholder hold {threshold}% or more?', {
    threshold: Limits.beneficiary.thresholdPercent,
  });
  await page
    .getByRole('radiogroup', { name: question })
    .getByRole('radio', { name: text(locale, anyoneAtThreshold ? 'Yes' : 'No'), exact: true })
    .check();
}

export type AuthorizerChoice = 'sameAsDirector' | 'sameAsBeneficiary' | 'none';
const AUTHORIZER_CHOICE_TEXT: Record<AuthorizerChoice, string> = {
  sameAsDirector: 'Same as the director',
  sameAsBeneficiary: 'Same as a beneficiary',
  none: 'None of these',
};

export async function chooseAuthorizer(page: Page, choice: AuthorizerChoice): Promise<void> {
  const locale = await pageLocale(page);
  await page
    .getByRole('radiogroup', { name: text(locale, 'The authorizer is') })
    .getByRole('radio', { name: text(locale, AUTHORIZER_CHOICE_TEXT[choice]), exact: true })
    .check();
}

// ---- the QR verification dialog (issue 6) -------------------------------------------------------------

export function qrDialog(page: Page, locale: Locale): Locator {
  return page.getByRole('dialog', { name: text(locale, 'Identity verification') });
}

/** "Verify by scanning the QR code" → the dialog with its code. */
export async function openQrDialog(page: Page): Promise<Locator> {
  const locale = await pageLocale(page);
  await page.getByRole('button', { name: text(locale, 'Verify by scanning the QR code') }).click();
  const dialog = qrDialog(page, locale);
  await dialog
    .getByRole('img', { name: text(locale, 'QR code for identity verification') })
    .waitFor({ timeout: UI_TIMEOUT });
  return dialog;
}

/** The link the QR code on screen encodes (what a phone's camera would open). */
export async function qrLink(page: Page): Promise<string> {
  const locale = await pageLocale(page);
  const image = qrDialog(page, locale).getByRole('img', {
    name: text(locale, 'QR code for identity verification'),
  });
  const link = await image.getAttribute('data-link');
  if (!link) throw new Error('the QR code carries no link');
  return link;
}

// ---- review and submit --------------------------------------------------------------------------------

/** Submit on the review step; resolves with the success dialog once it shows. */
export async function submitApplication(page: Page): Promise<Locator> {
  const locale = await pageLocale(page);
  await waitForStep(page, 'review');
  await page.getByRole('button', { name: text(locale, 'Submit'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: text(locale, 'Submitted') });
  await dialog.waitFor({ timeout: UI_TIMEOUT });
  return dialog;
}
