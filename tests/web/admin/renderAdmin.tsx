// Renders one back-office page in jsdom with the app's providers, signed in as a reviewer, with the
// page's same-origin calls sent to a real local HTTP server (127.0.0.1, port chosen at run time).
import '../support/jsdomBrowser';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createQueryClient } from '../../../src/web/App';
import { chooseLocale, i18n } from '../../../src/web/i18n/localeStore';
import { writeSession } from '../../../src/web/session/sessionStore';
import { theme } from '../../../src/web/shell/theme';
import { startStubApi } from '../support/stubApiServer';

export type StubApi = Awaited<ReturnType<typeof startStubApi>>;

// Mantine pages render slowly in jsdom on a busy 2-core machine.
configure({ asyncUtilTimeout: 8000 });

const realFetch = globalThis.fetch;

/** Same-origin calls go to the stub server; returns the undo. */
export function routeFetchTo(server: StubApi) {
  globalThis.fetch = (input, init) =>
    realFetch(typeof input === 'string' && input.startsWith('/') ? `${server.origin}${input}` : input, init);
  return () => {
    globalThis.fetch = realFetch;
  };
}

export const REVIEWER_TOKEN = 'reviewer-session-token-0001';

export function signInAsReviewer() {
  writeSession({
    isLogin: true,
    token: REVIEWER_TOKEN,
    operatorId: null,
    userInfo: {
      email: 'reviewer@portal.example',
      firstName: 'Rita',
      lastName: 'Reviewer',
      role: 'reviewer',
      // Every back-office role (issue 21 §4): each page and control is there to test.
      backOfficeRoles: ['reviewer', 'approver', 'support', 'admin'],
    },
    enterpriseCertificationStatus: -1,
    enterpriseAuditStatus: null,
    companyCreditCode: null,
    companyName: null,
  });
}

export function renderAdminPage(Page: ComponentType, path: string) {
  chooseLocale('en-us');
  window.history.replaceState(null, '', path);
  return render(
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <QueryClientProvider client={createQueryClient()}>
          <Page />
        </QueryClientProvider>
      </MantineProvider>
    </I18nProvider>,
  );
}

/** The query of each recorded request to `path`. */
export function queriesOf(server: StubApi, path: string): URLSearchParams[] {
  return server.requests
    .filter((request) => request.url.split('?')[0] === path)
    .map((request) => new URLSearchParams(request.url.split('?')[1] ?? ''));
}

export function bodiesOf(server: StubApi, path: string): Array<Record<string, unknown>> {
  return server.requests
    .filter((request) => request.url.split('?')[0] === path)
    .map((request) => (request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {}));
}

export { startStubApi };
export { envelope, json } from '../support/stubApiServer';
