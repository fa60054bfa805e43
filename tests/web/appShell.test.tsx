// The app shell rendered in jsdom: the router follows the access rules, the header, the
// watermark's pages, and the businessInfo dialog against a real local HTTP server.
import './support/jsdomBrowser';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { App, createQueryClient } from '../../src/web/App';
import { chooseLocale } from '../../src/web/i18n/localeStore';
import { WATERMARK_ATTR } from '../../src/web/shell/watermarkLayer';
import { writeSession, clearSession, type SessionUser } from '../../src/web/session/sessionStore';
import { sessionActor } from '../../src/web/session/appSession';
import { envelope, startStubApi } from './support/stubApiServer';

let server: Awaited<ReturnType<typeof startStubApi>>;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = await startStubApi();
  // The app calls same-origin paths; jsdom has no server behind its origin, so the real local
  // server stands in for it.
  globalThis.fetch = (input, init) =>
    realFetch(typeof input === 'string' && input.startsWith('/') ? `${server.origin}${input}` : input, init);
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await server.close();
});

const user: SessionUser = {
  isLogin: true,
  token: 'tok',
  operatorId: null,
  userInfo: { email: 'owner@company.example' },
  enterpriseCertificationStatus: 0,
  enterpriseAuditStatus: null,
  companyCreditCode: null,
  companyName: null,
};

function signIn(patch: Partial<SessionUser> = {}) {
  writeSession({ ...user, ...patch });
  sessionActor.send({ type: 'session.signedIn' });
}

function visit(path: string, isMobile = false) {
  window.history.replaceState(null, '', path);
  return render(<App queryClient={createQueryClient()} isMobile={isMobile} />);
}

beforeEach(() => {
  server.reset();
  chooseLocale('en-us');
});
afterEach(() => {
  cleanup();
  clearSession();
  sessionStorage.clear();
});

describe('routing with the access rules', () => {
  it('a logged-out visit to /user-center lands on /login, without a watermark', async () => {
    visit('/user-center');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    expect(document.querySelector(`[${WATERMARK_ATTR}]`)).toBeNull();
  });

  it('a logged-in visit to /login lands on /gateway, with the watermark and the user menu', async () => {
    signIn();
    visit('/login');
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(window.location.pathname).toBe('/gateway');
    expect(document.querySelector(`[${WATERMARK_ATTR}]`)).not.toBeNull();
    expect(screen.getByRole('button', { name: 'User menu' })).toBeTruthy();
    expect(document.title).toBe('Home');
  });

  it('an unknown path lands on /404 when logged in, without a watermark', async () => {
    signIn();
    visit('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(window.location.pathname).toBe('/404');
    expect(document.querySelector(`[${WATERMARK_ATTR}]`)).toBeNull();
  });

  it('on a phone /gateway lands on /mobileTransfer, and /identityVerification renders its home', async () => {
    signIn();
    const view = visit('/gateway', true);
    expect(await screen.findByRole('heading', { name: 'Please continue on a computer' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    view.unmount();
    visit('/identityVerification', true);
    expect(await screen.findByRole('heading', { name: 'Identity verification' })).toBeTruthy();
    expect(window.location.pathname).toBe('/identityVerification/home');
    // The support chat ball is hidden on mobile-only pages.
    expect(screen.queryByRole('button', { name: 'Support chat' })).toBeNull();
  });

  it('certification loads on demand when the status allows it, and sends others home', async () => {
    signIn({ enterpriseCertificationStatus: 0 });
    const view = visit('/enterpriseCertification');
    expect(await screen.findByRole('heading', { name: 'Enterprise certification' })).toBeTruthy();
    // The index route, then the wizard moves to the step the server says the applicant is on.
    expect(window.location.pathname).toMatch(
      /^\/enterpriseCertification\/(enterpriseCertificationIndex|selectLocationCompany)$/,
    );
    view.unmount();
    signIn({ enterpriseCertificationStatus: 1, enterpriseAuditStatus: 1 });
    visit('/enterpriseCertification/selectLocationCompany');
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(window.location.pathname).toBe('/gateway');
  });

  it('the language switch changes the page language and stores the choice', async () => {
    visit('/login');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    await act(async () => screen.getByRole('radio', { name: '中文' }).click());
    expect(await screen.findByRole('heading', { name: '登录' })).toBeTruthy();
    expect(localStorage.getItem('lang')).toBe('zh-cn');
  });
});

describe('businessInfo (spec §7)', () => {
  it('code 200 without data opens the authorisation tip dialog', async () => {
    server.answer('/plat/config-management/business-paramters/check-business-status', envelope(200, null));
    visit('/login?businessInfo=OLD-LINK');
    expect(await screen.findByRole('dialog', { name: 'Authorisation tip' })).toBeTruthy();
    expect(screen.getByText('Link invalid; visit the latest address')).toBeTruthy();
    const call = server.requests.find((r) => r.url.includes('check-business-status'))!;
    expect(call.method).toBe('POST');
    expect(JSON.parse(call.body)).toEqual({ registerLink: 'OLD-LINK' });
    await act(async () => screen.getByRole('button', { name: 'Confirm' }).click());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Authorisation tip' })).toBeNull());
  });

  it('a valid link opens no dialog and is kept for the registration page', async () => {
    server.answer(
      '/plat/config-management/business-paramters/check-business-status',
      envelope(200, { ok: 1 }),
    );
    visit('/register?businessInfo=GOOD');
    await waitFor(() => expect(sessionStorage.getItem('registerLink')).toBe('GOOD'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
