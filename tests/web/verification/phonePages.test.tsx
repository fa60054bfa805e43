// The phone pages of /identityVerification in the whole app (routes, access rules, lazy loading) in
// jsdom, against a real local HTTP server standing in for the API: the scan, consent, a capture
// through the plain file input, the result; cancel; a used link; a file refused before upload.
import '../support/jsdomBrowser';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VerificationPaths } from '../../../src/contract/api/verification';
import { Codes } from '../../../src/contract/codes';
import { App, createQueryClient } from '../../../src/web/App';
import { stopPhoneFlow } from '../../../src/web/features/identity/phoneVerificationFlow';
import { chooseLocale } from '../../../src/web/i18n/localeStore';
import { envelope, startStubApi } from '../support/stubApiServer';
import { PHONE_KEY, phoneView, TOKEN } from './fixtures';

// The phone screen loads on demand; its first load in a cold test run can take a few seconds.
configure({ asyncUtilTimeout: 10_000 });

let server: Awaited<ReturnType<typeof startStubApi>>;
const realFetch = globalThis.fetch;
const path = (p: string) => `/plat${p}`;

beforeAll(async () => {
  server = await startStubApi();
  globalThis.fetch = (input, init) =>
    realFetch(typeof input === 'string' && input.startsWith('/') ? `${server.origin}${input}` : input, init);
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await server.close();
});
beforeEach(() => {
  server.reset();
  chooseLocale('en-us');
  server.answer(path(VerificationPaths.scan), envelope(200, phoneView('scanned')));
  server.answer(
    path(VerificationPaths.consent),
    envelope(200, phoneView('scanned', '2026-03-01T08:00:05.000Z')),
  );
  server.answer(
    path(VerificationPaths.capture),
    envelope(200, { ...phoneView('referred', '2026-03-01T08:00:05.000Z'), outcomeReason: 'fileFallback' }),
  );
  server.answer(path(VerificationPaths.cancel), envelope(200, phoneView('cancelled')));
});
afterEach(() => {
  cleanup();
  stopPhoneFlow();
  sessionStorage.clear();
});

function scan(query = `?session=${TOKEN}`) {
  window.history.replaceState(null, '', `/identityVerification${query}`);
  return render(<App queryClient={createQueryClient()} isMobile />);
}

const jpeg = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])], 'face.jpg', { type: 'image/jpeg' });

describe('the phone pages', () => {
  it('scan → home → terms → agreement → consent → capture by file → referred, each on its own page', async () => {
    scan();
    expect(
      await screen.findByText(
        'Mei Chen, Harbour Trading Ltd asks you to verify your identity with a photo of your face.',
      ),
    ).toBeTruthy();
    expect(window.location.pathname).toBe('/identityVerification/home');
    expect(JSON.parse(server.requests.find((r) => r.url === path(VerificationPaths.scan))!.body)).toEqual({
      token: TOKEN,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Start verification' }));
    expect(await screen.findByRole('heading', { name: 'Terms and privacy' })).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/identityVerification/termsAndPrivacy'));
    expect(window.location.search).toBe(`?session=${TOKEN}`);

    fireEvent.click(screen.getByRole('button', { name: 'Read the full agreement' }));
    expect(await screen.findByRole('heading', { name: 'Agreement details' })).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/identityVerification/agreementDetail'));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));

    const agree = await screen.findByRole('button', { name: 'Agree and continue' });
    expect(agree.hasAttribute('disabled')).toBe(true);
    fireEvent.click(
      screen.getByRole('checkbox', {
        name: 'I agree to the processing of my face image for identity verification',
      }),
    );
    fireEvent.click(agree);

    const input = await screen.findByLabelText('Take or choose a photo');
    expect(JSON.parse(server.requests.find((r) => r.url === path(VerificationPaths.consent))!.body)).toEqual({
      key: PHONE_KEY,
      accepted: true,
    });
    // jsdom has no camera: the page says so and keeps the file input.
    expect(
      await screen.findByText('The camera is not available. Take or choose a photo instead.'),
    ).toBeTruthy();
    fireEvent.change(input, { target: { files: [jpeg()] } });

    // The file picker is the fallback: a reviewer checks the photo (issue 16 §3).
    expect(await screen.findByText('Sent for review')).toBeTruthy();
    await waitFor(() =>
      expect(window.location.pathname).toBe('/identityVerification/verificationResultPage'),
    );
    const upload = server.requests.find((r) => r.url === path(VerificationPaths.capture))!;
    expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload.body.indexOf('name="key"')).toBeGreaterThan(-1);
    expect(upload.body.indexOf('name="key"')).toBeLessThan(upload.body.indexOf('name="source"'));
    expect(upload.body).toContain(`name="source"\r\n\r\nfile\r\n`);
    expect(upload.body.indexOf('name="source"')).toBeLessThan(upload.body.indexOf('name="frame"'));
    expect(upload.body).toContain(PHONE_KEY);
  }, 30_000);

  it('refuses a file that is not jpg or png before any upload', async () => {
    server.answer(
      path(VerificationPaths.scan),
      envelope(200, phoneView('scanned', '2026-03-01T08:00:05.000Z')),
    );
    scan(); // consent already on record: the link resumes at the capture
    const input = await screen.findByLabelText('Take or choose a photo');
    fireEvent.change(input, {
      target: { files: [new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText(Codes.fileTypeNotAllowed['en-us'])).toBeTruthy();
    expect(server.requests.some((r) => r.url === path(VerificationPaths.capture))).toBe(false);
  });

  it('cancel voids the scan and shows the cancelled result', async () => {
    scan();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel verification' }));
    expect(await screen.findByText('To verify later, scan a new code shown on the computer.')).toBeTruthy();
    expect(JSON.parse(server.requests.find((r) => r.url === path(VerificationPaths.cancel))!.body)).toEqual({
      key: PHONE_KEY,
    });
  });

  it('a used link says so', async () => {
    server.answer(path(VerificationPaths.scan), envelope(Codes.verificationTokenUsed.code, null, '', 409));
    scan();
    expect(await screen.findByText('This link cannot be used')).toBeTruthy();
    // Not a verification result: said on the page the link opened.
    expect(screen.getByRole('heading', { name: 'Identity verification' })).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/identityVerification/home'));
    expect(screen.getByText(Codes.verificationTokenUsed['en-us'])).toBeTruthy();
  });

  it('a failed check offers a retry on the result page', async () => {
    server.answer(
      path(VerificationPaths.scan),
      envelope(200, phoneView('scanned', '2026-03-01T08:00:05.000Z')),
    );
    server.answer(
      path(VerificationPaths.capture),
      envelope(Codes.faceCheckFailed.code, {
        ...phoneView('failed'),
        outcomeReason: 'noFace',
        attemptsLeft: 2,
      }),
    );
    scan();
    fireEvent.change(await screen.findByLabelText('Take or choose a photo'), { target: { files: [jpeg()] } });
    // Why, in words the person can act on, and how many attempts are left (issue 16 §3).
    expect(await screen.findByText(/No face found\. Look into the camera\./)).toBeTruthy();
    expect(screen.getByText(/2 attempts left\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Take or choose a photo')).toBeTruthy();
  });

  it('shows the pages in Chinese too', async () => {
    chooseLocale('zh-cn');
    scan();
    expect(await screen.findByRole('button', { name: '开始验证' })).toBeTruthy();
  });
});
