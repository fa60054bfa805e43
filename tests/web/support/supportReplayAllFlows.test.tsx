// Every flow that registers itself as a diagnostic source replays its real view on the support page
// (issue 19 §5): a snapshot taken in a state past the first one shows that state's own text, inside
// the read-only frame, beside the diagram with that state highlighted, and nothing of the replay
// reaches the server. The secrets the flow handled (emails, names, passwords, answer keys) are nowhere
// on the page; the slider's and the links' tokens never reach a chart (noSecretsInContext.test.ts).
import { cleanup, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AdminSupportPage } from '../../../src/web/features/admin/AdminPages';
import { renderAdminPage, routeFetchTo, signInAsReviewer, type StubApi } from '../admin/renderAdmin';
import { activeStates, pageContent, paste, replayed, snapshotTextOf } from './replaySnapshots';
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

/** Pastes the snapshot and returns the replay frame once `text` shows in it; no request was made. */
async function replayShows(machineId: string, snapshotText: string, text: string | RegExp) {
  renderAdminPage(AdminSupportPage, '/admin/support');
  await screen.findByLabelText(/Support snapshot/);
  const requestsBefore = server.requests.length;
  paste(snapshotText);
  const frame = await replayed();
  // The view's chunk loads on demand: slow in jsdom on a loaded machine.
  expect(await within(frame).findByText(text, {}, { timeout: 30_000 })).toBeTruthy();
  // Give a stray fetch time to show up before saying none happened.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(server.requests.slice(requestsBefore)).toEqual([]);
  return { frame, active: activeStates(machineId) };
}

const ok = (data: unknown = null) => ({ kind: 'ok', data });
const refused = (code: string) => ({ kind: 'refused', code });

describe('support replays the real view of every client flow', { timeout: 60_000 }, () => {
  it('forgot password: the "mail sent" page', async () => {
    const text = await snapshotTextOf(
      'forgotPassword',
      { 'send reset mail': ok() },
      (s) => s.matches('mailSent' as never),
      undefined,
      [{ type: 'captcha.solved' }, { type: 'user.submit', email: 'mei.chen@harbour.example' }],
    );
    const { frame, active } = await replayShows(
      'forgotPassword',
      text,
      /A mail with a link to reset your password has been sent/,
    );
    expect(within(frame).getByText('Go to log in')).toBeTruthy();
    expect(active).toContain('mailSent');
    const content = pageContent();
    expect(content).not.toContain('mei.chen@');
  });

  it('reset password: an expired link', async () => {
    const text = await snapshotTextOf(
      'resetPassword',
      { 'check reset link': refused('resetLinkExpired') },
      (s) => s.matches('linkExpired' as never),
      { hasToken: true },
    );
    const { frame, active } = await replayShows('resetPassword', text, 'Reset link expired');
    expect(within(frame).getByText('Request a new reset link')).toBeTruthy();
    expect(active).toContain('linkExpired');
  });

  it('change password: the "changed" page', async () => {
    const text = await snapshotTextOf(
      'changePassword',
      { 'change password': ok() },
      (s) => s.matches('changed' as never),
      undefined,
      [{ type: 'user.submit', currentPassword: 'Secret#2024', newPassword: 'Newer#2024' }],
    );
    const { frame, active } = await replayShows(
      'changePassword',
      text,
      'Your password has been changed. Your other sessions have been signed out.',
    );
    expect(within(frame).getByText('Back to the user center')).toBeTruthy();
    expect(active).toContain('changed');
    const content = pageContent();
    for (const secret of ['Secret#2024', 'Newer#2024']) expect(content, secret).not.toContain(secret);
  });

  it('activation: an expired link with the resend form, disabled', async () => {
    const text = await snapshotTextOf(
      'activation',
      { 'activate account': refused('activationExpired') },
      (s) => s.matches('expired' as never),
      { hasToken: true },
    );
    const { frame, active } = await replayShows('activation', text, 'Activation link expired, please resend');
    const resend = within(frame).getByRole('button', { name: 'Resend activation mail' });
    expect(resend.matches(':disabled')).toBe(true);
    expect(active).toContain('expired');
  });

  it('QR verification (desktop): the code was scanned, shown in place rather than in a modal', async () => {
    const sessionId = '00000000-0000-4000-8000-00000000a001';
    const link = 'https://portal.example/identityVerification?session=SCAN-TOKEN-SECRET';
    const text = await snapshotTextOf(
      'qrVerification',
      { 'create session': ok({ sessionId, link, version: 1, shownAt: 0, regenerateInMs: 120_000 }) },
      (s) => s.matches({ active: 'scanned' } as never),
      { subjectName: 'Mei Chen' },
      [
        {
          type: 'session.scanned',
          sessionId,
          version: 2,
          seenAt: 0,
          validForMs: 600_000,
          outcomeReason: null,
        },
      ],
    );
    const { frame, active } = await replayShows(
      'qrVerification',
      text,
      'The code was scanned. Please continue on the phone.',
    );
    // Inside the frame, so its controls are disabled with it; no dialog over the support page.
    expect(frame.contains(within(frame).getByText(/Valid for/))).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(active.some((state) => state.startsWith('active.scanned'))).toBe(true);
    const content = pageContent();
    for (const secret of ['SCAN-TOKEN-SECRET', 'Mei Chen']) expect(content, secret).not.toContain(secret);
  });

  it('identity verification (phone): a failed check with attempts left', async () => {
    const text = await snapshotTextOf(
      'identityVerification',
      {
        'open session': ok({
          state: 'failed',
          companyName: 'Harbour Trading Ltd',
          subjectName: 'Mei Chen',
          phoneKey: 'PHONE-KEY-SECRET',
          validForMs: 600_000,
          consentAt: '2026-11-26T10:00:00.000Z',
          outcomeReason: 'noMatch',
          attemptsLeft: 2,
        }),
      },
      (s) => s.matches({ flow: 'failed' } as never),
      { hasToken: true },
    );
    const { frame, active } = await replayShows('identityVerification', text, 'Verification failed');
    expect(within(frame).getByText(/2 attempts left/)).toBeTruthy();
    expect(within(frame).getByRole('button', { name: 'Try again' }).matches(':disabled')).toBe(true);
    expect(active).toContain('flow.failed');
    const content = pageContent();
    for (const secret of ['PHONE-KEY-SECRET', 'Mei Chen', 'Harbour'])
      expect(content, secret).not.toContain(secret);
  });
});
