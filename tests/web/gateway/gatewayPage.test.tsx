// The gateway in jsdom against a real local HTTP server: the to-do list, the card-issuing entry
// with its status, "Open card system" only once approved, help center, support and card fees.
import '../support/jsdomBrowser';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notStartedCardApplication } from '../../../machines/cardApplicationViews';
import type { CardApplicationView } from '../../../src/contract/api/card';
import { App, createQueryClient } from '../../../src/web/App';
import { chooseLocale } from '../../../src/web/i18n/localeStore';
import { sessionActor } from '../../../src/web/session/appSession';
import { clearSession, writeSession, type SessionUser } from '../../../src/web/session/sessionStore';
import { envelope, startStubApi } from '../support/stubApiServer';

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
  operatorId: 'OP00000001',
  userInfo: { email: 'owner@company.example' },
  enterpriseCertificationStatus: 2,
  enterpriseAuditStatus: 2,
  companyCreditCode: null,
  companyName: 'Harbour Trading Ltd',
};

const view = (patch: Partial<CardApplicationView>): CardApplicationView => ({
  ...notStartedCardApplication,
  ...patch,
});

const publicConfig = {
  env: 'test',
  supportChatUrl: null,
  supportEmail: 'support@portal.example',
  cardSystemUrl: 'https://cards.portal.example',
  identityServiceUrl: '',
  sentryDsn: null,
};

function visitGateway(patch: Partial<SessionUser> = {}) {
  const seen = { ...user, ...patch };
  writeSession(seen);
  // The certification card re-reads the status from the server and stores what it says: the server
  // says what the session store says (GET /plat/ums/user/info, contract/api/accounts.ts SessionUser).
  server.answer(
    '/plat/ums/user/info',
    envelope(200, {
      email: seen.userInfo.email,
      operatorId: seen.operatorId,
      companyName: seen.companyName,
      companyCreditCode: seen.companyCreditCode,
      enterpriseCertificationStatus: seen.enterpriseCertificationStatus ?? -1,
      enterpriseAuditStatus: seen.enterpriseAuditStatus,
    }),
  );
  sessionActor.send({ type: 'session.signedIn' });
  window.history.replaceState(null, '', '/gateway');
  return render(<App queryClient={createQueryClient()} isMobile={false} />);
}

const openButton = () => screen.getByRole('button', { name: 'Open card system' }) as HTMLButtonElement;

beforeEach(() => {
  server.reset();
  chooseLocale('en-us');
  server.answer('/plat/config-management/public-config', envelope(200, publicConfig));
});
afterEach(() => {
  cleanup();
  clearSession();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('gateway', () => {
  it('approved: nothing to do, "Open card system" opens the configured card-system address', async () => {
    server.answer(
      '/plat/card/application',
      envelope(
        200,
        view({
          status: 'approved',
          lifecycleState: 'approved',
          cardSystemUrl: 'https://cards.portal.example/company',
        }),
      ),
    );
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    visitGateway();
    expect(await screen.findByText('Nothing to do')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Card-issuing status').textContent).toBe('Approved'));
    await waitFor(() => expect(openButton().disabled).toBe(false));
    await act(async () => fireEvent.click(openButton()));
    expect(open).toHaveBeenCalledWith('https://cards.portal.example/company', '_blank', 'noopener');
  });

  it('under review: the status shows and "Open card system" stays disabled', async () => {
    server.answer(
      '/plat/card/application',
      envelope(200, view({ status: 'under_review', lifecycleState: 'underReview' })),
    );
    visitGateway();
    await waitFor(() =>
      expect(screen.getByLabelText('Card-issuing status').textContent).toBe('Under review'),
    );
    expect(openButton().disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'View application' }).getAttribute('href')).toBe(
      '/issuingCardApplication',
    );
  });

  it('rejected: the to-do and the entry show the reviewer reason and lead to the application', async () => {
    server.answer(
      '/plat/card/application',
      envelope(200, view({ status: 'rejected', lifecycleState: 'rejected', reason: 'Wrong purpose' })),
    );
    visitGateway();
    const todo = await screen.findByRole('link', { name: 'Card application rejected: fix it and re-apply' });
    expect(todo.getAttribute('href')).toBe('/issuingCardApplication');
    expect(screen.getAllByText('Reason: Wrong purpose').length).toBe(2);
    expect(openButton().disabled).toBe(true);
  });

  it('not certified: the to-do leads to certification and the card entry asks for it first', async () => {
    visitGateway({ enterpriseCertificationStatus: 0, enterpriseAuditStatus: 0 });
    server.answer(
      '/plat/kyb/application',
      envelope(200, { lifecycleState: 'notCertified.noDraft', review: null }),
    );
    const todo = await screen.findByRole('link', { name: 'Complete enterprise certification' });
    expect(todo.getAttribute('href')).toBe('/enterpriseCertification');
    expect(screen.getByLabelText('Card-issuing status').textContent).toBe('Complete certification first');
    expect(server.requests.some((r) => r.url.startsWith('/plat/card/application'))).toBe(false);
  });

  it('help center, business support and the card fee table', async () => {
    server.answer('/plat/card/application', envelope(200, view({})));
    visitGateway();
    expect((await screen.findByRole('link', { name: 'Help center' })).getAttribute('href')).toMatch(
      /^https:\/\//,
    );
    expect((await screen.findByRole('link', { name: 'support@portal.example' })).getAttribute('href')).toBe(
      'mailto:support@portal.example',
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Card fee details' })));
    const table = await screen.findByRole('table', { name: 'Card fees' });
    expect(table.textContent).toContain('Cross-currency transaction');
  });
});
