// The support page renders the real view of a pasted snapshot's flow (issue 9 §4): read-only (one
// disabled fieldset, a notice), in the snapshot's state, with placeholder data only, beside the
// diagram with that state highlighted; nothing of the replay reaches the network. Flows without a
// replayable view say so and keep the diagram and the context.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { registryEntry } from '../../../machines/registry';
import { AdminSupportPage } from '../../../src/web/features/admin/AdminPages';
import {
  exportSupportSnapshot,
  supportSnapshotText,
} from '../../../src/web/features/support/snapshot/supportSnapshot';
import { renderAdminPage, routeFetchTo, signInAsReviewer, type StubApi } from '../admin/renderAdmin';
import { activeStates, pageContent, paste, replayed, snapshotTextOf, withAnswers } from './replaySnapshots';
import { startStubApi } from './stubApiServer';

let server: StubApi;
let restoreFetch: () => void;
beforeAll(async () => {
  server = await startStubApi();
  restoreFetch = routeFetchTo(server);
});
afterAll(async () => {
  restoreFetch();
  await server.close();
});
beforeEach(signInAsReviewer);
afterEach(cleanup);

describe('support replay renders the real view read-only', { timeout: 60_000 }, () => {
  it('certification: the company information step with placeholders and a redacted file, nothing fetched', async () => {
    const personal = ['Harbour Trading Limited', '91350100M000100Y43', "88 Queen's Road", 'licence-mei.pdf'];
    const text = await snapshotTextOf(
      'certification',
      {
        'load application': {
          authorizerStepApplies: true,
          location: 'CN',
          registeredLocation: 'CN',
          currentStep: 'completeCompanyInfo',
          draft: {
            selectLocationCompany: { location: 'CN' },
            completeCompanyInfo: {
              location: 'CN',
              companyNameEnglish: 'Harbour Trading Limited',
              businessLicenseCode: '91350100M000100Y43',
              registeredAddressEnglish: "88 Queen's Road",
              businessLicenseFileId: '6a1f0c3e-aaaa-4bbb-8ccc-0000000000f1',
              industry: 'retail',
            },
          },
          review: null,
        },
      },
      (s) => s.matches({ wizard: 'completeCompanyInfo' } as never),
    );
    renderAdminPage(AdminSupportPage, '/admin/support');
    await screen.findByLabelText(/Support snapshot/);
    const requestsBefore = server.requests.length;
    paste(text);
    const frame = await replayed();
    // The view's chunk loads on demand: slow in jsdom on a loaded machine.
    expect(
      await within(frame).findByRole('heading', { name: 'Company information' }, { timeout: 30_000 }),
    ).toBeTruthy();
    expect(within(frame).getByDisplayValue('‹name›')).toBeTruthy();
    expect(within(frame).getByDisplayValue('‹id number›')).toBeTruthy();
    expect(await within(frame).findByText('Redacted file')).toBeTruthy();
    for (const input of within(frame).getAllByRole('textbox'))
      expect((input as HTMLInputElement).matches(':disabled')).toBe(true);
    expect(activeStates('certification')).toContain('wizard.completeCompanyInfo');
    const content = pageContent();
    for (const value of personal) expect(content, value).not.toContain(value);
    // Give a stray fetch (a file preview, a save) time to show up before saying none happened.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.requests.slice(requestsBefore)).toEqual([]);
  });

  it('certification: step 5 replays its branch, a state of the branches chart the snapshot keeps', async () => {
    const text = await snapshotTextOf(
      'certification',
      {
        'load application': {
          authorizerStepApplies: true,
          location: 'CN',
          registeredLocation: 'CN',
          currentStep: 'uploadBeneficiaryInfo',
          draft: {
            selectLocationCompany: { location: 'CN' },
            uploadBeneficiaryInfo: { hasBeneficiaries: false },
          },
          review: null,
        },
      },
      (s) => s.matches({ wizard: 'uploadBeneficiaryInfo' } as never),
    );
    renderAdminPage(AdminSupportPage, '/admin/support');
    await screen.findByLabelText(/Support snapshot/);
    paste(text);
    const frame = await replayed();
    expect(
      await within(frame).findByRole('heading', { name: 'Senior managing official' }, { timeout: 30_000 }),
    ).toBeTruthy();
    expect(within(frame).queryByRole('button', { name: 'Add a beneficiary' })).toBeNull();
  });

  it('card application: the upload step with the file shown by its placeholder name', async () => {
    const file = {
      id: '6a1f0c3e-aaaa-4bbb-8ccc-0000000000f9',
      name: 'harbour-licence.pdf',
      type: 'application/pdf',
      size: 2048,
    };
    const text = await snapshotTextOf(
      'cardApplication',
      {
        'load application': {
          lifecycleState: 'notStarted',
          status: 'not_started',
          eligibility: 'eligible',
          mayEdit: true,
          businessPurpose: null,
          file: null,
          answers: {},
          reason: null,
          savedAt: null,
          submittedAt: null,
          decidedAt: null,
          cardSystemUrl: null,
          version: 0,
        },
      },
      (s) => {
        const onStep = s as unknown as { hasTag: (tag: string) => boolean; context: { step: string } };
        return onStep.hasTag('onStep') && onStep.context.step === 'uploadRelevantInfo';
      },
      { restored: { businessPurpose: 'advertising', fileList: [file], path: 'uploadRelevantInfo' } },
    );
    renderAdminPage(AdminSupportPage, '/admin/support');
    await screen.findByLabelText(/Support snapshot/);
    paste(text);
    const frame = await replayed();
    expect(await within(frame).findByText(/^‹file› ·/, {}, { timeout: 30_000 })).toBeTruthy();
    expect(pageContent()).not.toContain('harbour-licence');
  });

  it('registration: the verification stage, with the registration info as placeholders', async () => {
    const entry = registryEntry('registration')!;
    const info = {
      firstName: 'Mei',
      lastName: 'Chen',
      location: 'HK',
      companyName: 'Harbour Trading Ltd',
      position: 'manager',
      email: 'mei.chen@harbour.example',
      phoneAreaCode: null,
      phone: null,
      password: 'Secret#2024',
      invitationCode: null,
      serviceAgreement: true,
    };
    const actor = createActor(withAnswers(entry.machine, {}));
    actor.start();
    actor.send({ type: 'captcha.solved' });
    actor.send({ type: 'user.submitInfo', info });
    const text = supportSnapshotText(exportSupportSnapshot('registration', actor));
    actor.stop();
    renderAdminPage(AdminSupportPage, '/admin/support');
    await screen.findByLabelText(/Support snapshot/);
    paste(text);
    const frame = await replayed();
    expect(await within(frame).findByLabelText('Verification code')).toBeTruthy();
    const content = pageContent();
    for (const value of ['Mei', 'Chen', 'Harbour', 'mei.chen@', 'Secret#2024'])
      expect(content, value).not.toContain(value);
  });

  it('login: the form, disabled', async () => {
    const text = await snapshotTextOf('login', {}, () => true);
    renderAdminPage(AdminSupportPage, '/admin/support');
    await screen.findByLabelText(/Support snapshot/);
    paste(text);
    const frame = await replayed();
    const email = await within(frame).findByLabelText('Email');
    expect((email as HTMLInputElement).matches(':disabled')).toBe(true);
    expect(within(frame).getByRole('button', { name: 'Log in' }).matches(':disabled')).toBe(true);
  });

  it('a snapshot whose child machine is malformed is refused as a view, without an uncaught error', async () => {
    const text = await snapshotTextOf(
      'certification',
      {
        'load application': {
          authorizerStepApplies: true,
          location: 'CN',
          registeredLocation: 'CN',
          currentStep: 'completeCompanyInfo',
          draft: {},
          review: null,
        },
      },
      (s) => s.matches({ wizard: 'completeCompanyInfo' } as never),
    );
    const envelope = JSON.parse(text) as { snapshot: { children: Record<string, { snapshot: unknown }> } };
    envelope.snapshot.children['autosave']!.snapshot = { status: 'active' };
    renderAdminPage(AdminSupportPage, '/admin/support');
    await screen.findByLabelText(/Support snapshot/);
    paste(JSON.stringify(envelope));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The view of "certification" cannot be restored from this snapshot; see the diagram and the context.',
    );
    expect(screen.getByRole('table', { name: 'States of certification' })).toBeTruthy();
  });

  it('a machine without a replayable view says so and keeps the diagram and the context', async () => {
    // The slider is part of the sign-in pages, never a page of its own.
    const text = await snapshotTextOf('captcha', {}, () => true);
    renderAdminPage(AdminSupportPage, '/admin/support');
    await screen.findByLabelText(/Support snapshot/);
    paste(text);
    expect(
      await screen.findByText(
        'The "captcha" flow has no replayable view: its state is shown on the diagram and in the context.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Replayed view' })).toBeNull();
    expect(screen.getByRole('table', { name: 'States of captcha' })).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Snapshot context')).toBeTruthy());
  });
});
