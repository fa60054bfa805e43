// Support by reference (issue 19 §5), in jsdom against a stub API on 127.0.0.1. The applicant's help
// menu offers "Send to support" only when signed in; it posts the redacted envelope and shows the
// reference it gets back. The support page opens a snapshot by a loosely typed reference and replays
// it (diagram highlighted), and says so inline for an unknown or malformed reference.
import './jsdomBrowser';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { machineVersion } from '../../../machines/machineVersion';
import { registryEntry } from '../../../machines/registry';
import type { SupportReferenceView } from '../../../src/contract/api/supportReferences';
import { Codes } from '../../../src/contract/codes';
import { AdminSupportPage } from '../../../src/web/features/admin/AdminPages';
import { registerDiagnosticSource } from '../../../src/web/features/support/diagnostics/diagnosticSources';
import { exportSupportSnapshot } from '../../../src/web/features/support/snapshot/supportSnapshot';
import { chooseLocale, i18n } from '../../../src/web/i18n/localeStore';
import { clearSession, writeSession } from '../../../src/web/session/sessionStore';
import { AppHeader } from '../../../src/web/shell/AppHeader';
import { theme } from '../../../src/web/shell/theme';
import { Toaster } from '../../../src/web/shell/toast/Toaster';
import { renderAdminPage, routeFetchTo, signInAsReviewer } from '../admin/renderAdmin';
import { envelope, startStubApi } from './stubApiServer';
import { MENU_LOADS, openHeaderMenu, preloadHeaderMenu, PRELOAD_TIMEOUT_MS } from './lazyChunkWait';

let server: Awaited<ReturnType<typeof startStubApi>>;
let restoreFetch: () => void;
beforeAll(async () => {
  server = await startStubApi();
  restoreFetch = routeFetchTo(server);
  await preloadHeaderMenu();
}, PRELOAD_TIMEOUT_MS);
afterAll(async () => {
  restoreFetch();
  await server.close();
});
beforeEach(() => server.reset());
afterEach(() => {
  cleanup();
  clearSession();
});

/** A review decision with a reason typed in: personal text that must not leave. */
function reviewDecisionActor() {
  const actor = createActor(registryEntry('reviewDecision')!.machine);
  actor.start();
  actor.send({ type: 'user.decide', decision: { kind: 'reject', reason: 'Mei Chen lied' } });
  return actor;
}

function signInAsApplicant() {
  writeSession({
    isLogin: true,
    token: 'applicant-session-token-0001',
    operatorId: null,
    userInfo: { email: 'mei@harbour.example', role: 'applicant' },
    enterpriseCertificationStatus: 0,
    enterpriseAuditStatus: null,
    companyCreditCode: null,
    companyName: null,
  });
}

function renderHeader() {
  chooseLocale('en-us');
  return render(
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <AppHeader email="mei@harbour.example" />
        <Toaster />
      </MantineProvider>
    </I18nProvider>,
  );
}

describe('applicant: send to support', { timeout: 30_000 }, () => {
  it('posts the redacted snapshot and shows the reference and how long it is kept', async () => {
    signInAsApplicant();
    server.answer(
      '/plat/support/references',
      envelope(Codes.ok.code, { reference: 'SR-7K4M-2QXD', keptUntil: '2026-04-01T10:00:00.000Z' }),
    );
    renderHeader();
    const actor = reviewDecisionActor();
    let remove: () => void = () => undefined;
    act(() => {
      remove = registerDiagnosticSource({ machineId: 'reviewDecision', actor });
    });
    await openHeaderMenu('Help');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Send to support' }, MENU_LOADS));
    const dialog = await screen.findByRole('dialog', { name: 'Sent to support' });
    expect(within(dialog).getByTestId('support-reference').textContent).toBe('SR-7K4M-2QXD');
    expect(dialog.textContent).toContain('until April 1, 2026');
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/plat/support/references');
    expect(request?.headers.authorization).toBe('Bearer applicant-session-token-0001');
    expect(request?.body).not.toContain('Mei');
    expect(JSON.parse(request!.body)).toMatchObject({
      machine: 'reviewDecision',
      version: machineVersion(registryEntry('reviewDecision')!.machine),
      snapshot: { context: { decision: { kind: 'reject', reason: '‹text›' } } },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    act(() => remove());
    actor.stop();
  });

  it('is not offered signed out (copying still is)', async () => {
    renderHeader();
    const actor = reviewDecisionActor();
    let remove: () => void = () => undefined;
    act(() => {
      remove = registerDiagnosticSource({ machineId: 'reviewDecision', actor });
    });
    await openHeaderMenu('Help');
    expect(await screen.findByRole('menuitem', { name: 'Copy diagnostic info' }, MENU_LOADS)).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Send to support' })).toBeNull();
    act(() => remove());
    actor.stop();
  });
});

describe('support page: open by reference', { timeout: 30_000 }, () => {
  beforeEach(signInAsReviewer);

  const view = (): SupportReferenceView => {
    const actor = reviewDecisionActor();
    const exported = exportSupportSnapshot('reviewDecision', actor, new Date('2026-03-01T10:00:00Z'));
    actor.stop();
    return {
      reference: 'SR-7K4M-2QXD',
      createdAt: '2026-03-01T10:00:05.000Z',
      keptUntil: '2026-03-31T10:00:05.000Z',
      companyId: null,
      userId: 'u-1',
      envelope: exported as SupportReferenceView['envelope'],
    };
  };

  function open(reference: string) {
    fireEvent.change(screen.getByLabelText(/Support reference/), { target: { value: reference } });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
  }

  it('fetches the typed reference, normalised, and replays it with the state highlighted', async () => {
    server.answer('/plat/admin/support-references/SR-7K4M-2QXD', envelope(Codes.ok.code, view()));
    renderAdminPage(AdminSupportPage, '/admin/support');
    await screen.findByLabelText(/Support reference/);
    open(' sr 7k4m 2qxd ');
    expect((await screen.findByTestId('opened-reference')).textContent).toBe(
      'Reference SR-7K4M-2QXD, sent 2026-03-01T10:00:05.000Z, kept until 2026-03-31T10:00:05.000Z.',
    );
    const states = await screen.findByRole('table', { name: 'States of reviewDecision' });
    const current = within(states)
      .getAllByRole('row')
      .filter((row) => row.getAttribute('data-active') === 'true');
    expect(current.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'confirming current',
    ]);
    expect(screen.getByLabelText('Snapshot context').textContent).toContain('"reason": "‹text›"');
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /plat/admin/support-references/SR-7K4M-2QXD',
    ]);
  });

  it('says inline that a reference is unknown, and that a malformed one is not a reference', async () => {
    server.answer(
      '/plat/admin/support-references/SR-2222-2222',
      envelope(Codes.notFound.code, null, 'The requested resource does not exist', 404),
    );
    renderAdminPage(AdminSupportPage, '/admin/support');
    await screen.findByLabelText(/Support reference/);
    open('SR-2222-2222');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No snapshot has this reference: it may be mistyped, or older than 30 days and deleted.',
    );
    open('SR-OOOO-1111');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'This is not a support reference: it reads SR- and two groups of four letters or digits.',
      ),
    );
    expect(server.requests).toHaveLength(1);
    expect(screen.queryByRole('table', { name: 'States of reviewDecision' })).toBeNull();
  });
});
