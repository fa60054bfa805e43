// The other accounts pages wired to a real local HTTP server: registration's three stages,
// activation answers, the reset link check, change password, the user center, and logout.
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getLocale } from '../../../src/web/i18n/localeStore';
import { signOut } from '../../../src/web/session/appSession';
import { sessionActor } from '../../../src/web/session/appSession';
import { readSession, writeSession } from '../../../src/web/session/sessionStore';
import { stubApiForPages } from './pagesStubApi';
import { visit } from './renderApp';
import { answerBasics, bodiesOf, decryptPassword, envelope } from './support';

// The pages load lazily (their own chunks): the first render of each waits for its import.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

const server = stubApiForPages();

function signInAs(email = 'owner@company.example') {
  writeSession({
    isLogin: true,
    token: 'tok',
    operatorId: null,
    userInfo: { email },
    enterpriseCertificationStatus: 0,
    enterpriseAuditStatus: null,
    companyCreditCode: null,
    companyName: null,
  });
  sessionActor.send({ type: 'session.signedIn' });
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function solveSlider() {
  const slider = await screen.findByRole('slider');
  fireEvent.keyDown(slider, { key: 'ArrowRight' });
  fireEvent.keyDown(slider, { key: 'Enter' });
  await screen.findByText('Verified');
}

async function fillStageOne() {
  await screen.findByLabelText('Legal first name');
  type('Legal first name', 'Mei');
  type('Legal last name', 'Chen');
  type('Company location', 'HK');
  type('Company name', 'Harbour Trading Ltd');
  type('Company position', 'manager');
  type('Email', 'mei@harbour.example');
  type('Password', 'Secret#2024');
  type('Confirm password', 'Secret#2024');
  fireEvent.click(screen.getByRole('checkbox'));
  await solveSlider();
}

describe('registration page', () => {
  it('pre-fills the invitation code from a valid partner link and checks the form with the shared schema', async () => {
    answerBasics(server);
    sessionStorage.setItem('registerLink', 'PARTNER01');
    visit('/register');
    expect(((await screen.findByLabelText('Invitation code (optional)')) as HTMLInputElement).value).toBe(
      'PARTNER01',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please read and accept the service agreement')).toBeTruthy();
    expect(screen.getByText('Please enter email')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'service agreement' }).getAttribute('href')).toBe(
      '/serviceAgreement',
    );
  });

  it('stage 2: "send the code first", then code, register with encrypted password → stage 3 with resend', async () => {
    answerBasics(server);
    server.answer('/plat/ums/register/send-code', envelope(200, { resendAfterMs: 60000, validMs: 180000 }));
    server.answer('/plat/ums/register', envelope(302006, null, 'Incorrect verification code'));
    visit('/register');
    await fillStageOne();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    type('Verification code', '123456');
    fireEvent.click(await screen.findByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Please send the verification code first')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: /Resend in \d+ s/ })).toBeTruthy();
    expect(bodiesOf(server, '/plat/ums/register/send-code')).toEqual([
      { email: 'mei@harbour.example', captchaToken: 'captcha-token-0000000001', locale: 'en-us' },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Incorrect verification code')).toBeTruthy();

    server.answer('/plat/ums/register', envelope(200, { email: 'mei@harbour.example' }));
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(/We sent an activation link to mei@harbour.example/)).toBeTruthy();
    const register = bodiesOf(server, '/plat/ums/register').at(-1);
    expect(register).toMatchObject({
      email: 'mei@harbour.example',
      emailCode: '123456',
      location: 'HK',
      serviceAgreement: true,
    });
    expect(register).not.toHaveProperty('password');
    expect(decryptPassword(String(register?.passwordCipher)).password).toBe('Secret#2024');

    fireEvent.click(screen.getByRole('button', { name: 'Resend activation mail' }));
    expect(
      await screen.findByText('A new activation mail has been sent. The link is valid for 24 hours.'),
    ).toBeTruthy();
    expect(bodiesOf(server, '/plat/ums/activate/resend')).toEqual([{ email: 'mei@harbour.example' }]);

    // Issue 20 §4: a refused resend says the server's reason and when to try again, not "resent".
    server.answer(
      '/plat/ums/activate/resend',
      envelope(100429, { retryAfterMs: 7 * 60_000 }, 'Too many requests, please try again later', 429),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Resend activation mail' }));
    expect(await screen.findByText('Too many requests, please try again later')).toBeTruthy();
    expect(screen.queryByText(/A new activation mail has been sent/)).toBeNull();
    const at = (ms: number) =>
      new Date(ms).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' });
    // The time shown is 7 minutes after the refusal (either side of a minute's turn while the test runs).
    const shown = screen.getByText(/You can send the activation mail again at/).textContent;
    expect(
      [at(Date.now() + 7 * 60_000), at(Date.now() + 7 * 60_000 - 60_000)].map(
        (t) => `You can send the activation mail again at ${t}.`,
      ),
    ).toContain(shown);
    expect(screen.getByRole('button', { name: 'Resend activation mail' })).toHaveProperty('disabled', true);
  });

  it('an email registered and active: "please log in" with a link to /login', async () => {
    answerBasics(server);
    server.answer('/plat/ums/register/send-code', envelope(302012, null, 'x'));
    visit('/register');
    await fillStageOne();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Email already registered, please log in')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to log in' }).getAttribute('href')).toBe('/login');
  });
});

describe('activation page', () => {
  it('expired link: says so and resends to the given email', async () => {
    server.answer('/plat/ums/activate', envelope(302013, null, 'expired'));
    visit('/activateAccount?token=activation-token-000001');
    expect(await screen.findByText('Activation link expired, please resend')).toBeTruthy();
    expect(bodiesOf(server, '/plat/ums/activate')).toEqual([{ token: 'activation-token-000001' }]);
    type('Email', 'mei@harbour.example');
    fireEvent.click(screen.getByRole('button', { name: 'Resend activation mail' }));
    expect(
      await screen.findByText('A new activation mail has been sent. The link is valid for 24 hours.'),
    ).toBeTruthy();
  });

  it.each([
    [302015, 'Activation success'],
    [302014, 'Email already activated'],
    [302023, 'The activation link is not valid'],
  ])('answer %i → "%s"', async (code, text) => {
    server.answer('/plat/ums/activate', envelope(code, null, 'x'));
    visit('/activateAccount?token=activation-token-000001');
    expect(await screen.findByText(text)).toBeTruthy();
  });
});

describe('forgot and reset password', () => {
  it('forgot: "email does not exist or abnormal status", then the mail', async () => {
    answerBasics(server);
    server.answer('/plat/ums/password/forgot', envelope(302005, null, 'x'));
    visit('/forgot');
    await solveSlider();
    type('Email', 'nobody@company.example');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email does not exist or abnormal status')).toBeTruthy();
    server.answer('/plat/ums/password/forgot', envelope(200, null));
    await solveSlider();
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(/A mail with a link to reset your password has been sent/)).toBeTruthy();
  });

  it('reset: an expired link links to /forgot', async () => {
    server.answer('/plat/ums/password/reset/check', envelope(302016, null, 'x'));
    visit('/resetPassword?token=reset-token-0000000001');
    expect(await screen.findByText('Reset link expired')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new reset link' }).getAttribute('href')).toBe(
      '/forgot',
    );
  });

  it('reset: reuse is refused, then success goes to /login', async () => {
    answerBasics(server);
    server.answer('/plat/ums/password/reset/check', envelope(200, null));
    server.answer('/plat/ums/password/reset', envelope(302019, null, 'x'));
    visit('/resetPassword?token=reset-token-0000000001');
    type(await screen.findByLabelText('New password').then(() => 'New password'), 'Newer#2024');
    type('Confirm password', 'Newer#2024');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(
      await screen.findByText('The new password may not equal the current one or any of the last three'),
    ).toBeTruthy();
    server.answer('/plat/ums/password/reset', envelope(200, null));
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    const reset = bodiesOf(server, '/plat/ums/password/reset').at(-1);
    expect(decryptPassword(String(reset?.passwordCipher)).password).toBe('Newer#2024');
  });
});

describe('signed-in account pages', () => {
  it('change password: "current password incorrect", then success', async () => {
    answerBasics(server);
    server.answer('/plat/ums/password/change', envelope(302018, null, 'x'));
    signInAs();
    visit('/modify-pwd');
    type(await screen.findByLabelText('Current password').then(() => 'Current password'), 'Old#12345');
    type('New password', 'Newer#2024');
    type('Confirm password', 'Newer#2024');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Current password incorrect')).toBeTruthy();
    server.answer('/plat/ums/password/change', envelope(200, null));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Your password has been changed/)).toBeTruthy();
    const body = bodiesOf(server, '/plat/ums/password/change').at(-1);
    expect(decryptPassword(String(body?.currentPasswordCipher)).password).toBe('Old#12345');
    expect(decryptPassword(String(body?.newPasswordCipher)).password).toBe('Newer#2024');
  });

  it('user center: info, empty history, a range over a year refused, column settings saved, language preference', async () => {
    server.answer(
      '/plat/ums/user/info',
      envelope(200, {
        userId: 'u1',
        email: 'owner@company.example',
        firstName: 'Mei',
        lastName: 'Chen',
        phoneAreaCode: '+852',
        phone: '51234567',
        role: 'applicant',
        position: 'manager',
        accountStatus: 'active',
        language: 'en-us',
        operatorId: 'OP12345678',
        companyId: null,
        companyName: null,
        companyLocation: null,
        companyCreditCode: null,
        enterpriseCertificationStatus: 2,
        enterpriseAuditStatus: 2,
      }),
    );
    server.answer(
      '/plat/ums/user/login-history',
      envelope(200, { items: [], total: 0, page: 1, pageSize: 20 }),
    );
    server.answer(
      '/plat/ums/user/menu/fields/list',
      envelope(200, { menuKey: 'loginHistory', fields: [{ key: 'ip', visible: false }] }),
    );
    signInAs();
    visit('/user-center');
    expect(await screen.findByText('OP12345678')).toBeTruthy();
    expect(screen.getByText('Certified')).toBeTruthy();
    expect(screen.getByText('+852 51234567')).toBeTruthy();
    expect(await screen.findByText('No matching search results')).toBeTruthy();
    // Spec §8 (issue 20 §5): with the way on: search again or contact business operations.
    expect(
      screen.getByText(/No results\. Change the filters and search again, or contact business operations/),
    ).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Login history' });
    await waitFor(() => expect(within(table).queryByRole('columnheader', { name: 'IP address' })).toBeNull());

    type('Start date', '2023-01-01');
    type('End date', '2024-06-01');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Date range limited to one year')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Column settings' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Device' }));
    await waitFor(() => expect(bodiesOf(server, '/plat/ums/user/menu/fields/save')).toHaveLength(1));
    expect(bodiesOf(server, '/plat/ums/user/menu/fields/save')[0]).toEqual({
      menuKey: 'loginHistory',
      fields: [
        { key: 'time', visible: true },
        { key: 'ip', visible: false },
        { key: 'device', visible: false },
        { key: 'result', visible: true },
      ],
    });

    fireEvent.change(screen.getByLabelText('Preferred language'), { target: { value: 'zh-cn' } });
    await waitFor(() =>
      expect(bodiesOf(server, '/plat/ums/user/preferences')).toEqual([{ language: 'zh-cn' }]),
    );
    expect(getLocale()).toBe('zh-cn');
  });

  it('log out revokes the token on the server, then clears the session', async () => {
    signInAs();
    await signOut();
    const logout = server.requests.find((r) => r.url === '/plat/ums/logout');
    expect(logout?.headers.authorization).toBe('Bearer tok');
    expect(readSession()).toBeNull();
  });
});
