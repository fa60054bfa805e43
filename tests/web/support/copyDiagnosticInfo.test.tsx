// "Copy diagnostic info" (issue 9 §4): the header's help menu appears while a flow is on screen and
// copies that flow's redacted support snapshot (the newest flow wins, e.g. a dialog over a page),
// through the Clipboard API or, without it, a selected textarea; it says with a toast whether it
// worked. The login page proves a real flow hook registers itself.
import './jsdomBrowser';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { machineVersion } from '../../../machines/machineVersion';
import { registryEntry } from '../../../machines/registry';
import {
  currentDiagnosticSource,
  registerDiagnosticSource,
} from '../../../src/web/features/support/diagnostics/diagnosticSources';
import { parseSupportSnapshot } from '../../../src/web/features/support/snapshot/supportSnapshot';
import { chooseLocale, i18n } from '../../../src/web/i18n/localeStore';
import { AppHeader } from '../../../src/web/shell/AppHeader';
import { theme } from '../../../src/web/shell/theme';
import { Toaster } from '../../../src/web/shell/toast/Toaster';
import { toasts } from '../../../src/web/shell/toast/toastStore';
import { answerBasics, startStubApi, type StubApi } from '../accounts/support';
import { routeFetchTo, visit } from '../accounts/renderApp';
import { MENU_LOADS, openHeaderMenu, preloadHeaderMenu, PRELOAD_TIMEOUT_MS } from './lazyChunkWait';

/** The Clipboard API as a browser offers it to a page; `written` is what the page wrote. */
function installClipboard(outcome: 'accepts' | 'refuses' | 'absent') {
  const written: string[] = [];
  const clipboard =
    outcome === 'absent'
      ? undefined
      : {
          writeText: (text: string) => {
            if (outcome === 'refuses') return Promise.reject(new DOMException('denied', 'NotAllowedError'));
            written.push(text);
            return Promise.resolve();
          },
        };
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
  return written;
}

/** document.execCommand('copy') as a browser without the Clipboard API runs it: copies the selection. */
function installExecCommand(works: boolean) {
  const copied: string[] = [];
  Object.defineProperty(document, 'execCommand', {
    configurable: true,
    value: (command: string) => {
      if (command !== 'copy' || !works) return false;
      const active = document.activeElement;
      copied.push(active instanceof HTMLTextAreaElement ? active.value : String(window.getSelection()));
      return true;
    },
  });
  return copied;
}

function renderHeader() {
  chooseLocale('en-us');
  return render(
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <AppHeader email={null} />
        <Toaster />
      </MantineProvider>
    </I18nProvider>,
  );
}

/** A registration flow actor paused on its verification stage, with personal data in context. */
function registrationOnVerification() {
  const entry = registryEntry('registration')!;
  const state = entry.machine.resolveState({
    value: 'verification',
    context: {
      ...(createActor(entry.machine).getSnapshot().context as object),
      info: { firstName: 'Mei', lastName: 'Chen', email: 'mei.chen@harbour.example', location: 'HK' },
    } as never,
  });
  return createActor(entry.machine, { snapshot: state });
}

/** Registers a source the way a mounting flow does (inside act: the header re-renders). */
function registerOnScreen(machineId: string, actor: { getPersistedSnapshot(): unknown }): () => void {
  let remove: () => void = () => undefined;
  act(() => {
    remove = registerDiagnosticSource({ machineId, actor });
  });
  return () => act(() => remove());
}

async function copyFromHelpMenu() {
  await openHeaderMenu('Help');
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Copy diagnostic info' }, MENU_LOADS));
}

beforeAll(preloadHeaderMenu, PRELOAD_TIMEOUT_MS);

afterEach(() => {
  cleanup();
  act(() => toasts.dismiss());
});

describe('diagnostic sources', () => {
  it('the newest flow on screen wins, and each unmount removes only its own registration', () => {
    const page = { getPersistedSnapshot: () => ({}) };
    const dialog = { getPersistedSnapshot: () => ({}) };
    const removePage = registerDiagnosticSource({ machineId: 'certification', actor: page });
    const removeDialog = registerDiagnosticSource({ machineId: 'qrVerification', actor: dialog });
    const removePageAgain = registerDiagnosticSource({ machineId: 'certification', actor: page });
    expect(currentDiagnosticSource()?.machineId).toBe('certification');
    removePageAgain();
    expect(currentDiagnosticSource()?.actor).toBe(dialog);
    removeDialog();
    expect(currentDiagnosticSource()?.actor).toBe(page);
    removePage();
    expect(currentDiagnosticSource()).toBeNull();
  });
});

describe('help menu: copy diagnostic info', { timeout: 30_000 }, () => {
  it('is absent outside a flow and appears while one is on screen', async () => {
    renderHeader();
    expect(screen.queryByRole('button', { name: 'Help' })).toBeNull();
    const remove = registerOnScreen('registration', registrationOnVerification());
    expect(await screen.findByRole('button', { name: 'Help' })).toBeTruthy();
    remove();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Help' })).toBeNull());
  });

  it('copies the redacted snapshot with the Clipboard API and confirms with a toast', async () => {
    const written = installClipboard('accepts');
    renderHeader();
    const remove = registerOnScreen('registration', registrationOnVerification());
    await copyFromHelpMenu();
    expect(
      await screen.findByText('Diagnostic info copied. Paste it into your message to support.'),
    ).toBeTruthy();
    expect(written).toHaveLength(1);
    const text = written[0]!;
    for (const personal of ['Mei', 'Chen', 'mei.chen@harbour.example']) expect(text).not.toContain(personal);
    const parsed = parseSupportSnapshot(text);
    expect(parsed.kind).toBe('ok');
    if (parsed.kind === 'ok') {
      expect(parsed.envelope.machine).toBe('registration');
      expect(parsed.state.matches('verification')).toBe(true);
    }
    remove();
  });

  it('falls back to a selected textarea when the Clipboard API refuses or is absent', async () => {
    for (const outcome of ['refuses', 'absent'] as const) {
      installClipboard(outcome);
      const copied = installExecCommand(true);
      renderHeader();
      const remove = registerOnScreen('registration', registrationOnVerification());
      await copyFromHelpMenu();
      expect(
        await screen.findByText('Diagnostic info copied. Paste it into your message to support.'),
      ).toBeTruthy();
      expect(copied).toHaveLength(1);
      expect(JSON.parse(copied[0]!)).toMatchObject({ machine: 'registration' });
      // The helper textarea is gone again.
      expect(document.querySelectorAll('textarea')).toHaveLength(0);
      remove();
      cleanup();
      act(() => toasts.dismiss());
    }
  });

  it('says so when nothing can reach the clipboard', async () => {
    installClipboard('absent');
    installExecCommand(false);
    renderHeader();
    const remove = registerOnScreen('registration', registrationOnVerification());
    await copyFromHelpMenu();
    expect(await screen.findByText('The diagnostic info could not be copied to the clipboard.')).toBeTruthy();
    remove();
  });
});

describe('a real flow registers itself', { timeout: 30_000 }, () => {
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
  beforeEach(() => {
    sessionStorage.clear();
    answerBasics(server);
  });

  it('the login page offers the help menu, and leaving it removes it', async () => {
    const written = installClipboard('accepts');
    chooseLocale('en-us');
    const view = visit('/login');
    await copyFromHelpMenu();
    await screen.findByText('Diagnostic info copied. Paste it into your message to support.');
    expect(JSON.parse(written[0]!)).toMatchObject({
      machine: 'login',
      version: machineVersion(registryEntry('login')!.machine),
    });
    view.unmount();
    expect(currentDiagnosticSource()).toBeNull();
  });
});
