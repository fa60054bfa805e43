// The desktop QR dialog in jsdom against a real local HTTP server standing in for the API, with a
// real server-sent-events endpoint: the code and the link, live progress without a reload, no close
// while verifying, the new-scan message after a phone cancel, and polling when the stream fails.
import '../support/jsdomBrowser';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VerificationPaths } from '../../../src/contract/api/verification';
import { createApiClient } from '../../../src/web/api/client';
import { createRequestRegistry } from '../../../src/web/api/requestRegistry';
import { chooseLocale } from '../../../src/web/i18n/localeStore';
import { QrVerificationDialog } from '../../../src/web/features/verification/QrVerificationDialog';
import type { QrVerificationDeps } from '../../../src/web/features/verification/qrVerificationLogic';
import { useQrVerificationActor } from '../../../src/web/features/verification/useQrVerificationActor';
import { createVerificationApi } from '../../../src/web/features/verification/verificationApi';
import { envelope, startStubApi } from '../support/stubApiServer';
import { createdSession, SESSION_ID, sseMessage, streamEvent } from './fixtures';
import { renderWithProviders } from './renderWithProviders';

let server: Awaited<ReturnType<typeof startStubApi>>;
/** Open event streams; a test writes to those still open (an earlier test's stream is closed). */
let streams: ServerResponse[] = [];
const copied: string[] = [];

beforeAll(async () => {
  server = await startStubApi();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
  streams = [];
  copied.length = 0;
  chooseLocale('en-us');
  server.answer(`/plat${VerificationPaths.sessions}`, envelope(200, createdSession()));
  server.answer(`/plat${VerificationPaths.events(SESSION_ID)}`, (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    sseMessage(res, streamEvent('created', 1));
    streams.push(res);
  });
});
afterEach(() => cleanup());

function deps(): QrVerificationDeps {
  const api = createApiClient({
    baseURL: server.origin,
    getToken: () => 'desktop-token',
    getLocale: () => 'en-us',
    toast: () => {},
    gate: { isRejectingRequests: () => false, reportSessionInvalid: () => {} },
    registry: createRequestRegistry(),
    report: () => {},
  });
  return {
    api: createVerificationApi(api),
    stream: {
      baseURL: server.origin,
      headers: () => ({ Authorization: 'Bearer desktop-token', language: '1' }),
    },
    copyLink: (link) => copied.push(link),
  };
}

function Standalone() {
  const actor = useQrVerificationActor('Mei Chen', deps());
  return <QrVerificationDialog actor={actor} />;
}

async function push(state: Parameters<typeof streamEvent>[0], version: number) {
  await waitFor(() => expect(streams.filter((res) => !res.destroyed).length).toBeGreaterThan(0));
  await act(async () => {
    for (const res of streams) if (!res.destroyed) sseMessage(res, streamEvent(state, version));
  });
}

describe('the desktop QR dialog', () => {
  it('shows the code, copies the link, and counts down to a new code', async () => {
    renderWithProviders(<Standalone />);
    const qr = await screen.findByRole('img', { name: 'QR code for identity verification' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(qr.getAttribute('data-link')).toBe(createdSession().link);
    const create = server.requests.find((r) => r.url === `/plat${VerificationPaths.sessions}`);
    expect(JSON.parse(create!.body)).toEqual({ purpose: 'authorizer', subjectName: 'Mei Chen' });
    expect(screen.getByRole('button', { name: 'Generate a new code' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('timer').textContent).toMatch(/A new code can be generated in 1[12][0-9] s/);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(copied).toEqual([createdSession().link]);
  });

  it('follows the phone live: scanned, verifying (no close), verified — then the dialog is gone', async () => {
    renderWithProviders(<Standalone />);
    await screen.findByRole('img', { name: 'QR code for identity verification' });
    await waitFor(() => expect(server.requests.some((r) => r.url.endsWith('/events'))).toBe(true));
    const sse = server.requests.find((r) => r.url.endsWith('/events'));
    expect(sse?.headers.authorization).toBe('Bearer desktop-token');
    expect(sse?.headers.accept).toBe('text/event-stream');
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();

    await push('scanned', 2);
    expect(await screen.findByText('The code was scanned. Please continue on the phone.')).toBeTruthy();
    await push('verifying', 3);
    expect(await screen.findByText('The phone is verifying. Please keep this window open.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.getByText('The phone is verifying. Please keep this window open.')).toBeTruthy();
    expect(server.requests.some((r) => r.url.endsWith('/close'))).toBe(false);

    await push('verified', 4);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('after a phone cancel it asks for a new scan and makes a new code on request', async () => {
    renderWithProviders(<Standalone />);
    await screen.findByRole('img', { name: 'QR code for identity verification' });
    await push('scanned', 2);
    await push('cancelled', 3);
    expect(
      await screen.findByText(
        'Verification was cancelled on the phone. A new scan is needed before you can submit.',
      ),
    ).toBeTruthy();
    const creates = () =>
      server.requests.filter((r) => r.url === `/plat${VerificationPaths.sessions}`).length;
    expect(creates()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Generate a new code' }));
    await screen.findByRole('img', { name: 'QR code for identity verification' });
    expect(creates()).toBe(2);
  });

  it('falls back to polling when the stream keeps failing', async () => {
    server.answer(`/plat${VerificationPaths.events(SESSION_ID)}`, envelope(100503, null, 'down', 503));
    server.answer(
      `/plat${VerificationPaths.session(SESSION_ID)}`,
      envelope(200, { ...streamEvent('scanned', 2), serverTime: streamEvent('scanned', 2).at }),
    );
    renderWithProviders(<Standalone />);
    await screen.findByRole('img', { name: 'QR code for identity verification' });
    // Three stream attempts (1 s and 2 s apart), then a poll.
    expect(
      await screen.findByText('The code was scanned. Please continue on the phone.', {}, { timeout: 8000 }),
    ).toBeTruthy();
    const urls = server.requests.map((r) => r.url);
    expect(urls.filter((u) => u.endsWith('/events'))).toHaveLength(3);
    expect(urls).toContain(`/plat${VerificationPaths.session(SESSION_ID)}`);
  }, 15_000);

  it('closes on request before the scan, voiding the code on the server', async () => {
    server.answer(`/plat${VerificationPaths.close(SESSION_ID)}`, envelope(200, streamEvent('cancelled', 2)));
    renderWithProviders(<Standalone />);
    await screen.findByRole('img', { name: 'QR code for identity verification' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests.some((r) => r.url === `/plat${VerificationPaths.close(SESSION_ID)}`)).toBe(true);
  });
});
