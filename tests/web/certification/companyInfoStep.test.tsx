// The company-info step in jsdom, driven by the real wizard chart (effects faked): the fields follow
// the confirmed location, errors come from the shared schema's message ids, and typing reaches the
// chart's draft for autosave.
import '../support/jsdomBrowser';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor as waitForState } from 'xstate';
import {
  certificationMachine,
  type SaveOutcome,
  type SaveStepInput,
  type WizardView,
} from '../../../machines/certification.machine';
import type { CompanyLocation } from '../../../src/contract/options';
import { CompanyInfoStep } from '../../../src/web/features/certification/steps/CompanyInfoStep';
import { chooseLocale } from '../../../src/web/i18n/localeStore';
import { createUploadTransport } from '../../../src/web/features/uploads/uploadTransport';
import { certificationCardOf } from '../../../src/web/features/gateway/certificationCardState';

const transport = createUploadTransport({
  baseURL: 'http://127.0.0.1:9',
  getToken: () => null,
  getLocale: () => 'en-us',
});

async function wizardAt(location: CompanyLocation, fieldComments?: Record<string, string>) {
  const view: WizardView = {
    authorizerStepApplies: true,
    location,
    registeredLocation: location,
    currentStep: 'completeCompanyInfo',
    draft: {},
    review: {
      reason: 'Check the name',
      flaggedFields: ['completeCompanyInfo.companyNameEnglish'],
      ...(fieldComments ? { fieldComments } : {}),
    },
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
  await waitForState(actor, (s) => s.matches({ wizard: { completeCompanyInfo: 'editing' } }));
  render(
    <I18nProvider i18n={i18n}>
      <MantineProvider>
        <CompanyInfoStep actor={actor} transport={transport} />
      </MantineProvider>
    </I18nProvider>,
  );
  return actor;
}

beforeEach(() => chooseLocale('en-us'));
afterEach(cleanup);

describe('company information step', () => {
  it('a Hong Kong company is asked for BR and CR numbers, without mainland-only fields or a postal code', async () => {
    await wizardAt('HK');
    expect(screen.getByLabelText('Business Registration (BR) number')).toBeTruthy();
    expect(screen.getByLabelText('Companies Registry (CR) number')).toBeTruthy();
    expect(screen.queryByLabelText('Unified social credit code')).toBeNull();
    expect(screen.queryByLabelText('Organization code (optional)')).toBeNull();
    expect(screen.queryByLabelText('Postal code')).toBeNull();
    expect(screen.getByLabelText('Company name in Chinese (optional)')).toBeTruthy();
  });

  it('a mainland company is asked for the credit code, organization code and postal code', async () => {
    await wizardAt('CN');
    expect(screen.getByLabelText('Unified social credit code')).toBeTruthy();
    expect(screen.getByLabelText('Organization code (optional)')).toBeTruthy();
    expect(screen.getByLabelText('Postal code')).toBeTruthy();
    expect(screen.queryByLabelText('Companies Registry (CR) number')).toBeNull();
  });

  it('marks the field the reviewer flagged', async () => {
    await wizardAt('CN');
    expect(await screen.findByText('The reviewer asks you to check this field')).toBeTruthy();
  });

  it('shows the reviewer’s comment beside the field it is about (issue 21 §1)', async () => {
    await wizardAt('CN', { 'completeCompanyInfo.companyNameEnglish': 'Write it as on the licence' });
    const message = await screen.findByText(
      'The reviewer asks you to check this field: Write it as on the licence',
    );
    const input = screen.getByLabelText('Company name in English');
    expect(input.getAttribute('aria-describedby') ?? '').toContain(message.id);
  });

  it('an incomplete form stays on the step with the schema messages; typing reaches the draft', async () => {
    const actor = await wizardAt('SG');
    fireEvent.change(screen.getByLabelText('UEN'), { target: { value: 'nope' } });
    await waitFor(() =>
      expect(actor.getSnapshot().context.draft.completeCompanyInfo['businessLicenseCode']).toBe('nope'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Invalid UEN')).toBeTruthy();
    expect(screen.getAllByText('This field is required').length).toBeGreaterThan(0);
    expect(actor.getSnapshot().matches({ wizard: { completeCompanyInfo: 'editing' } })).toBe(true);
  });

  it('a blocked step says the spec §5 message as an alert and puts focus on the first invalid field (issue 20 §3)', async () => {
    await wizardAt('SG');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Validation failure exists, please complete the required information');
    const firstInvalid = document.querySelector('form [aria-invalid="true"]');
    expect(firstInvalid).not.toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(firstInvalid));
    // The alert goes once the fields are fixed or the step is left; the next blocked try says it again.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Validation failure exists');
  });
});

describe('gateway certification card', () => {
  it.each([
    [{ status: -1, audit: null, hasDraft: null, reason: null }, 'initial'],
    [{ status: 0, audit: 0, hasDraft: false, reason: null }, 'notCertified'],
    [{ status: 0, audit: null, hasDraft: true, reason: null }, 'incomplete'],
    [{ status: 1, audit: 1, hasDraft: null, reason: null }, 'underReview'],
    [{ status: 1, audit: 3, hasDraft: true, reason: 'blurry' }, 'reviewFailed'],
    [{ status: 2, audit: 2, hasDraft: null, reason: null }, 'approved'],
  ] as const)('%o shows %s', (input, kind) => {
    expect(certificationCardOf(input).kind).toBe(kind);
  });

  it('review failed carries the reviewer reason', () => {
    expect(certificationCardOf({ status: 1, audit: 3, hasDraft: true, reason: 'blurry' })).toEqual({
      kind: 'reviewFailed',
      reason: 'blurry',
    });
  });
});
