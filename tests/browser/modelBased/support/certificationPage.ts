// What the certification model does on the wizard's page beyond the journey driver
// (tests/browser/support/certificationDriver.ts): typing one field of the step on screen and
// waiting until the autosave has it on the server, and cutting exactly one step's save.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { CertificationView } from '../../../../src/contract/api/certification';
import { CertificationPaths } from '../../../../src/contract/api/certification';
import type { Locale } from '../../../../src/contract/envelope';
import type { Portal, SeededUser } from '../../../support/portal';
import { text } from '../../support/catalog';
import { pdfFile } from '../../support/certificationData';
import { field, personGroup, UI_TIMEOUT, uploadInto } from '../../support/certificationDriver';
import { cutNextCall, type CutCall } from './cutWrite';
import { certificationView } from '../../support/certificationSeed';

/** The step forms a user types into (the location step has none). */
export type FormStep =
  | 'completeCompanyInfo'
  | 'uploadEquityStructureChart'
  | 'uploadLegalPersonInfo'
  | 'uploadBeneficiaryInfo'
  | 'uploadAuthorizerInfo'
  | 'uploadOtherInfo';

type Draft = CertificationView['draft'];
/** Whether the server's view holds an edit. */
export type EditLanded = (view: CertificationView) => boolean;

const stepValues = (draft: Draft, step: FormStep) =>
  ((draft as Record<string, unknown>)[step] ?? {}) as Record<string, unknown>;
const personOf = (value: unknown) => (value ?? {}) as Record<string, unknown>;

let edits = 0;

/**
 * Changes one field of the step on screen the way a person does (a text, or a new file where the
 * step has no text) and says how to recognise the change on the server.
 */
export async function editStep(page: Page, locale: Locale, step: FormStep): Promise<EditLanded> {
  const n = ++edits;
  const address = `No. ${n} Jianguo Road, Chaoyang District, Beijing`;
  switch (step) {
    case 'completeCompanyInfo': {
      const description = `Consumer electronics sold online, catalogue ${n}.`;
      await field(page, locale, 'Product description').fill(description);
      return (view) => stepValues(view.draft, step)['productDescription'] === description;
    }
    case 'uploadEquityStructureChart': {
      const name = `equity-${n}.pdf`;
      await uploadInto(page, text(locale, 'Equity structure chart'), pdfFile(name));
      return (view) => {
        const file = view.files.find((f) => f.originalName === name);
        return file !== undefined && stepValues(view.draft, step)['equityStructureChartFileId'] === file.id;
      };
    }
    case 'uploadLegalPersonInfo':
      await field(personGroup(page, locale, 'director'), locale, 'Residence address').fill(address);
      return (view) => stepValues(view.draft, step)['residenceAddress'] === address;
    case 'uploadBeneficiaryInfo':
      await field(personGroup(page, locale, { beneficiary: 1 }), locale, 'Residence address').fill(address);
      return (view) => {
        const list = stepValues(view.draft, step)['beneficiaries'];
        return Array.isArray(list) && personOf(list[0])['residenceAddress'] === address;
      };
    case 'uploadAuthorizerInfo':
      await field(personGroup(page, locale, 'authorizer'), locale, 'Residence address').fill(address);
      return (view) => personOf(stepValues(view.draft, step)['person'])['residenceAddress'] === address;
    case 'uploadOtherInfo': {
      const note = `Please review soon (${n}).`;
      await field(page, locale, 'Note (optional)').fill(note);
      return (view) => stepValues(view.draft, step)['note'] === note;
    }
  }
}

/** Waits until the server's draft holds the edit (the autosave ran). */
export async function editOnServer(baseUrl: string, user: SeededUser, landed: EditLanded): Promise<void> {
  await expect
    .poll(async () => landed(await certificationView(baseUrl, user)), { timeout: UI_TIMEOUT, interval: 200 })
    .toBe(true);
}

/**
 * Makes the next draft save of `step` fail as a broken network would, with the client's resends of
 * it passing on the page's and the server's clocks (cutWrite.ts; the page clock must have been
 * installed before the page loaded). Saves of other steps (an autosave still pending from a step
 * left before) pass untouched.
 */
export function cutNextDraftSave(page: Page, portal: Portal, step: FormStep): Promise<CutCall> {
  return cutNextCall(
    page,
    portal,
    `/plat${CertificationPaths.draft}`,
    (request) => (request.postDataJSON() as { step?: string } | null)?.step === step,
  );
}
