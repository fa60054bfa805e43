// Issue 19 §3: the beneficiary yes/no branch and the authorizer's choices are the chart's, not the
// views'. The steps render what the wizard chart's draft says — also when the chart's draft changes
// without the form (as in support's replay of a snapshot) — and a click reaches the chart first.
import '../support/jsdomBrowser';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor as waitForState } from 'xstate';
import {
  certificationMachine,
  type CertificationStep,
  type SaveOutcome,
  type SaveStepInput,
  type StepValues,
  type WizardView,
} from '../../../machines/certification.machine';
import { AuthorizerStep } from '../../../src/web/features/certification/steps/AuthorizerStep';
import { BeneficiariesStep } from '../../../src/web/features/certification/steps/BeneficiariesStep';
import { emptyPerson } from '../../../src/web/features/certification/steps/PersonFields';
import { createUploadTransport } from '../../../src/web/features/uploads/uploadTransport';
import { chooseLocale } from '../../../src/web/i18n/localeStore';

const transport = createUploadTransport({
  baseURL: 'http://127.0.0.1:9',
  getToken: () => null,
  getLocale: () => 'en-us',
});

async function wizardAt(step: CertificationStep, draft: WizardView['draft']) {
  const view: WizardView = {
    authorizerStepApplies: true,
    location: 'CN',
    registeredLocation: 'CN',
    currentStep: step,
    draft,
    review: null,
  };
  const actor = createActor(
    certificationMachine.provide({
      actors: {
        'load application': fromPromise<WizardView, void>(async () => view),
        'save step': fromPromise<SaveOutcome, SaveStepInput>(async () => ({ kind: 'saved' })),
      },
      actions: { 'show place': () => {}, 'record submission': () => {} },
    }),
  ).start();
  await waitForState(actor, (s) => s.matches({ wizard: { [step]: 'editing' } }));
  return actor;
}

const ui = (node: React.ReactNode) =>
  render(
    <I18nProvider i18n={i18n}>
      <MantineProvider>{node}</MantineProvider>
    </I18nProvider>,
  );

const heading = (name: string) => screen.queryByRole('heading', { name });

beforeEach(() => chooseLocale('en-us'));
afterEach(cleanup);

describe('beneficiary step: the yes/no branch', { timeout: 60_000 }, () => {
  it('shows the branch the chart holds and follows it', async () => {
    const actor = await wizardAt('uploadBeneficiaryInfo', {
      uploadBeneficiaryInfo: { hasBeneficiaries: true, beneficiaries: [emptyPerson()] },
    });
    ui(<BeneficiariesStep actor={actor} transport={transport} />);
    expect(heading('Beneficiary 1')).not.toBeNull();
    expect(heading('Senior managing official')).toBeNull();

    // The chart's draft changes without this form (another tab's values loaded, a replayed
    // snapshot): the step shows the chart's branch, not the form's.
    act(() => {
      actor.send({
        type: 'user.edit',
        step: 'uploadBeneficiaryInfo',
        values: { hasBeneficiaries: false, beneficiaries: [], seniorManagingOfficial: emptyPerson() },
      });
    });
    expect(heading('Senior managing official')).not.toBeNull();
    expect(heading('Beneficiary 1')).toBeNull();
  });

  it('a click on "Yes" reaches the chart, and the beneficiaries appear', async () => {
    const actor = await wizardAt('uploadBeneficiaryInfo', {});
    ui(<BeneficiariesStep actor={actor} transport={transport} />);
    expect(heading('Beneficiary 1')).toBeNull();
    expect(heading('Senior managing official')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    const values: StepValues = actor.getSnapshot().context.draft.uploadBeneficiaryInfo;
    expect(values['hasBeneficiaries']).toBe(true);
    expect(heading('Beneficiary 1')).not.toBeNull();
  });
});

describe('authorizer step: the choices', { timeout: 60_000 }, () => {
  it('offers "Same as a beneficiary" only when the chart holds a declared beneficiary', async () => {
    const withOne = await wizardAt('uploadAuthorizerInfo', {
      uploadBeneficiaryInfo: { hasBeneficiaries: true, beneficiaries: [emptyPerson()] },
    });
    ui(<AuthorizerStep actor={withOne} transport={transport} downloadTemplate={() => {}} />);
    expect(screen.queryByRole('radio', { name: 'Same as a beneficiary' })).not.toBeNull();
    cleanup();

    const none = await wizardAt('uploadAuthorizerInfo', {
      uploadBeneficiaryInfo: { hasBeneficiaries: false, beneficiaries: [emptyPerson()] },
    });
    ui(<AuthorizerStep actor={none} transport={transport} downloadTemplate={() => {}} />);
    expect(screen.queryByRole('radio', { name: 'Same as a beneficiary' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'None of these' })).not.toBeNull();
  });

  it('"None of these" asks for the person, the letter and the QR verification, from the chart', async () => {
    const actor = await wizardAt('uploadAuthorizerInfo', {});
    ui(<AuthorizerStep actor={actor} transport={transport} downloadTemplate={() => {}} />);
    const verify = () => screen.queryByRole('button', { name: 'Verify by scanning the QR code' });
    expect(verify()).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'None of these' }));
    expect(actor.getSnapshot().context.draft.uploadAuthorizerInfo['choice']).toBe('none');
    expect(verify()).not.toBeNull();
  });
});
