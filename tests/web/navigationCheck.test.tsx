// Issue 20 §9 (spec §2): "If a navigation check fails while logged in, the user is logged out and
// sent to /login." The check asks the server on every in-app navigation, so a session revoked while
// the page is open ends at the next navigation, even to a page that loads nothing of its own.
import './support/jsdomBrowser';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { navigate } from 'wouter/use-browser-location';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Codes } from '../../src/contract/codes';
import { SESSION_STORE_KEY } from '../../src/contract/limits';
import { App, createQueryClient } from '../../src/web/App';
import { chooseLocale } from '../../src/web/i18n/localeStore';
import { sessionActor } from '../../src/web/session/appSession';
import { clearSession, writeSession, type SessionUser } from '../../src/web/session/sessionStore';
import { envelope, startStubApi } from './support/stubApiServer';

let server: Awaited<ReturnType<typeof startStubApi>>;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = await startStubApi();
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

beforeEach(() => {
  server.reset();
  chooseLocale('en-us');
  writeSession(user);
  sessionActor.send({ type: 'session.signedIn' });
});
afterEach(() => {
  cleanup();
  clearSession();
  sessionStorage.clear();
});

async function openGateway() {
  window.history.replaceState(null, '', '/gateway');
  render(<App queryClient={createQueryClient()} isMobile={false} />);
  expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
}

const userInfoCalls = () => server.requests.filter((r) => r.url.startsWith('/plat/ums/user/info'));

describe('navigation check (spec §2)', () => {
  it('a session revoked on the server while the page is open: the next navigation logs out to /login', async () => {
    await openGateway();
    server.answer('/plat/ums/user/info', envelope(Codes.tokenExpired.code, null, 'expired'));
    act(() => navigate('/modify-pwd'));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    expect(sessionStorage.getItem(SESSION_STORE_KEY)).toBeNull();
    expect(sessionActor.getSnapshot().value).toBe('signedOut');
  });

  it('a session the server still knows: the navigation goes through, checked with the token', async () => {
    await openGateway();
    const before = userInfoCalls().length;
    act(() => navigate('/modify-pwd'));
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeTruthy();
    await waitFor(() => expect(userInfoCalls().length).toBeGreaterThan(before));
    expect(userInfoCalls().at(-1)?.headers.authorization).toBe('Bearer tok');
    expect(window.location.pathname).toBe('/modify-pwd');
    expect(sessionStorage.getItem(SESSION_STORE_KEY)).not.toBeNull();
  });

  it('a network failure of the check logs nobody out', async () => {
    await openGateway();
    server.answer('/plat/ums/user/info', (res) => res.destroy());
    act(() => navigate('/modify-pwd'));
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(window.location.pathname).toBe('/modify-pwd');
    expect(sessionStorage.getItem(SESSION_STORE_KEY)).not.toBeNull();
  });
});
