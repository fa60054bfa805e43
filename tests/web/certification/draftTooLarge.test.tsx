// Issue 29 §4: the server refuses a draft save that would pass Limits.draft (draftTooLarge, 413).
// The wizard says so in the person's language, on the step's own save and on the autosave, and
// keeps what was typed. The web adapter (certificationApi), the chart and the view together; only
// the HTTP client is a stand-in answering as the server does.
import '../support/jsdomBrowser';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor, type AnyActorRef } from 'xstate';
import { CertificationPaths } from '../../../src/contract/api/certification';
import { Codes } from '../../../src/contract/codes';
import { KB, Limits } from '../../../src/contract/limits';
import type { ApiClient } from '../../../src/web/api/client';
import { CertificationView } from '../../../src/web/features/certification/CertificationWizard';
import { createCertificationApi } from '../../../src/web/features/certification/certificationApi';
import { providedCertificationMachine } from '../../../src/web/features/certification/useCertificationActor';
import { createUploadTransport } from '../../../src/web/features/uploads/uploadTransport';
import { chooseLocale } from '../../../src/web/i18n/localeStore';

const transport = createUploadTransport({
  baseURL: 'http://127.0.0.1:9',
  getToken: () => null,
  getLocale: () => 'en-us',
});

const view = {
  version: 3,
  authorizerStepApplies: true,
  location: 'CN',
  locationLocked: true,
  currentStep: 'completeCompanyInfo',
  draft: {},
  review: null,
};

/** Answers the wizard's calls as the server does when the draft is already near its bound. */
function serverRefusingDrafts() {
  const saves: unknown[] = [];
  const api = {
    get: async () => ({ code: Codes.ok.code, msg: '', data: view }),
    post: async (url: string, body: unknown) => {
      if (url !== CertificationPaths.draft) throw new Error(`unexpected ${url}`);
      saves.push(body);
      return {
        code: Codes.draftTooLarge.code,
        msg: Codes.draftTooLarge['en-us'],
        data: { bound: 'bytes', max: Limits.draft.maxBytes },
      };
    },
  } as unknown as ApiClient;
  return { api, saves };
}

function mount() {
  const server = serverRefusingDrafts();
  const clock = new SimulatedClock();
  const machine = providedCertificationMachine(createCertificationApi(server.api), {
    navigate: () => {},
    currentPath: () => '',
    copyLink: () => {},
  });
  const actor = createActor(machine, { clock }).start();
  render(
    <I18nProvider i18n={i18n}>
      <MantineProvider>
        <CertificationView actor={actor} transport={transport} />
      </MantineProvider>
    </I18nProvider>,
  );
  return { actor, clock, saves: server.saves };
}

const tooLarge = `The draft is too large (at most ${Limits.draft.maxBytes / KB} KB and ${Limits.draft.maxFiles} documents) and was not saved. Remove some entries; what you typed is kept here.`;

beforeEach(() => chooseLocale('en-us'));
afterEach(cleanup);

describe('a draft over its size bound', { timeout: 60_000 }, () => {
  it('the step’s own save says the draft is too large, stays on the step and keeps the values', async () => {
    const { actor, saves } = mount();
    await waitFor(actor, (s) => s.matches({ wizard: { completeCompanyInfo: 'editing' } }));
    const values = { companyNameEnglish: 'Acme Trading Ltd' };
    act(() => actor.send({ type: 'step.submit', step: 'completeCompanyInfo', values }));
    await waitFor(actor, (s) => s.context.message !== null);
    expect(saves).toHaveLength(1);
    expect(actor.getSnapshot().context.message).toBe('draftTooLarge');
    expect(actor.getSnapshot().matches({ wizard: { completeCompanyInfo: 'editing' } })).toBe(true);
    expect(actor.getSnapshot().context.draft.completeCompanyInfo).toEqual(values);
    expect((await screen.findByRole('alert')).textContent).toBe(tooLarge);
  });

  it('the autosave says the draft is too large instead of “will be retried”', async () => {
    const { actor, clock, saves } = mount();
    await waitFor(actor, (s) => s.matches({ wizard: { completeCompanyInfo: 'editing' } }));
    const autosave = actor.getSnapshot().children['autosave'] as AnyActorRef;
    act(() =>
      actor.send({ type: 'user.edit', step: 'completeCompanyInfo', values: { productDescription: 'x' } }),
    );
    act(() => clock.increment(Limits.draftAutosaveMs));
    await waitFor(autosave, (s) => s.hasTag('failed'));
    expect(saves).toHaveLength(1);
    expect(await screen.findByText(tooLarge)).not.toBeNull();
    expect(screen.queryByText('Draft not saved. It will be retried; nothing you typed is lost.')).toBeNull();
    expect(actor.getSnapshot().context.draft.completeCompanyInfo).toEqual({ productDescription: 'x' });
  });

  it('in Chinese too', async () => {
    chooseLocale('zh-cn');
    const { actor } = mount();
    await waitFor(actor, (s) => s.matches({ wizard: { completeCompanyInfo: 'editing' } }));
    act(() => actor.send({ type: 'step.submit', step: 'completeCompanyInfo', values: {} }));
    await waitFor(actor, (s) => s.context.message !== null);
    const text = (await screen.findByRole('alert')).textContent ?? '';
    expect(text).not.toBe(tooLarge);
    expect(text).toContain(String(Limits.draft.maxBytes / KB));
    expect(text).toContain('草稿');
  });
});
