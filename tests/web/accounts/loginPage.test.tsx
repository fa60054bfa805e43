// /login wired to a real local HTTP server: validation messages, the slider by keyboard and by
// pointer, the encrypted password, a refused login that asks for a fresh puzzle, and success.
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readSession } from '../../../src/web/session/sessionStore';
import { stubApiForPages } from './pagesStubApi';
import { visit } from './renderApp';
import { answerBasics, bodiesOf, decryptPassword, envelope, workKey } from './support';

// Two cores shared with other suites: RSA and first renders can be slow.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

const server = stubApiForPages();

const loginUser = {
  userId: 'u1',
  email: 'owner@company.example',
  firstName: 'Mei',
  lastName: 'Chen',
  phoneAreaCode: null,
  phone: null,
  role: 'applicant',
  position: 'manager',
  accountStatus: 'active',
  language: 'en-us',
  operatorId: null,
  companyId: null,
  companyName: null,
  companyLocation: null,
  companyCreditCode: null,
  enterpriseCertificationStatus: 0,
  enterpriseAuditStatus: null,
};

async function solveByKeyboard(steps = 5) {
  const slider = await screen.findByRole('slider', { name: 'Slide to complete the puzzle' });
  for (let i = 0; i < steps; i++) fireEvent.keyDown(slider, { key: 'ArrowRight' });
  expect(slider.getAttribute('aria-valuenow')).toBe(String(steps * 2));
  fireEvent.keyDown(slider, { key: 'Enter' });
  await screen.findByText('Verified');
}

function fillCredentials(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

describe('login page', () => {
  it('says "please enter email" and "please enter password" and sends nothing', async () => {
    answerBasics(server);
    visit('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter email')).toBeTruthy();
    expect(screen.getByText('Please enter password')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Email format wrong')).toBeTruthy();
    expect(bodiesOf(server, '/plat/ums/login')).toEqual([]);
  });

  it('asks for the slider before sending', async () => {
    answerBasics(server);
    visit('/login');
    await screen.findByRole('slider');
    fillCredentials('owner@company.example', 'Secret#2024');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please complete the slider verification first')).toBeTruthy();
    expect(bodiesOf(server, '/plat/ums/login')).toEqual([]);
  });

  it('keyboard slider, encrypted password, success → session store and /gateway', async () => {
    answerBasics(server);
    server.answer('/plat/ums/login', envelope(200, { token: 'session-token', user: loginUser }));
    visit('/login');
    await solveByKeyboard(5);
    const [verify] = bodiesOf(server, '/plat/ums/captcha/verify');
    expect(verify).toMatchObject({
      x: 10,
      keyboard: true,
      challengeId: '00000000-0000-4000-8000-000000000001',
      // The puzzle's proof of work, solved while the keys moved the piece (issue 29 §1).
      work: workKey,
    });
    expect((verify?.trail as unknown[]).length).toBe(6);

    fillCredentials('owner@company.example', 'Secret#2024');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(window.location.pathname).toBe('/gateway'));
    const [login] = bodiesOf(server, '/plat/ums/login');
    expect(login).toMatchObject({ email: 'owner@company.example', captchaToken: 'captcha-token-0000000001' });
    expect(JSON.stringify(login)).not.toContain('Secret#2024');
    expect(decryptPassword(String(login?.passwordCipher)).password).toBe('Secret#2024');
    expect(readSession()).toMatchObject({
      isLogin: true,
      token: 'session-token',
      userInfo: { email: 'owner@company.example' },
    });
  });

  it('dragging with the pointer records the trail and sends the final position', async () => {
    answerBasics(server);
    visit('/login');
    const slider = await screen.findByRole('slider');
    fireEvent.pointerDown(slider, { clientX: 100, clientY: 50, pointerId: 1 });
    fireEvent.pointerMove(slider, { clientX: 150, clientY: 52, pointerId: 1 });
    fireEvent.pointerMove(slider, { clientX: 220, clientY: 51, pointerId: 1 });
    fireEvent.pointerUp(slider, { clientX: 230, clientY: 51, pointerId: 1 });
    await screen.findByText('Verified');
    const [verify] = bodiesOf(server, '/plat/ums/captcha/verify');
    expect(verify).toMatchObject({ x: 130, keyboard: false });
    expect((verify?.trail as Array<{ x: number }>).map((p) => p.x)).toEqual([0, 50, 120, 130]);
  });

  it('a refused slider answer says "verification failed" over a fresh puzzle', async () => {
    const basics = answerBasics(server);
    server.answer(
      '/plat/ums/captcha/verify',
      envelope(302003, null, 'Verification failed, please try again'),
    );
    visit('/login');
    const slider = await screen.findByRole('slider');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'Enter' });
    expect(await screen.findByText('Verification failed, please try again')).toBeTruthy();
    await waitFor(() => expect(basics.puzzlesServed()).toBe(2));
  });

  it('"invalid email or password" and "account locked" come from the server; each failure fetches a fresh puzzle', async () => {
    const basics = answerBasics(server);
    server.answer('/plat/ums/login', envelope(302001, null, 'Invalid email or password'));
    visit('/login');
    await solveByKeyboard();
    fillCredentials('owner@company.example', 'Wrong#2024');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    await waitFor(() => expect(basics.puzzlesServed()).toBe(2));

    server.answer('/plat/ums/login', envelope(302002, null, 'locked'));
    await solveByKeyboard();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(
      await screen.findByText('Account locked after multiple failed logins, please try again in 30 minutes'),
    ).toBeTruthy();
    await waitFor(() => expect(basics.puzzlesServed()).toBe(3));
  });

  it('links to register and forgot password', async () => {
    answerBasics(server);
    visit('/login');
    expect((await screen.findByRole('link', { name: 'Register' })).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot');
  });
});
