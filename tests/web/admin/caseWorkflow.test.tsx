// Issue 21 §2–§4 on the case page (jsdom, stub API): support reads a case and decides nothing (no
// decision, flag, claim or face-check controls); a reviewer claims the case; an approver sees the
// waiting proposal of someone else and confirms it through the decision chart (confirm first);
// the proposer is told someone else must confirm and gets no confirmation button.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BackOfficeRole } from '../../../src/contract/api/backOfficeRoles';
import { AdminCertificationQueuePage } from '../../../src/web/features/admin/AdminPages';
import { readSession, writeSession } from '../../../src/web/session/sessionStore';
import { CASE_ID, certificationCase } from './fixtures';
import {
  bodiesOf,
  envelope,
  renderAdminPage,
  routeFetchTo,
  signInAsReviewer,
  startStubApi,
  type StubApi,
} from './renderAdmin';

const CASE = `/plat/admin/certifications/${CASE_ID}`;
let server: StubApi;
let unroute: () => void;

beforeAll(async () => {
  server = await startStubApi();
  unroute = routeFetchTo(server);
  URL.createObjectURL = () => 'blob:http://localhost/1';
  URL.revokeObjectURL = () => undefined;
});
afterAll(async () => {
  unroute();
  await server.close();
});
afterEach(cleanup);

function signInWith(roles: BackOfficeRole[], userId = 'u-me') {
  signInAsReviewer();
  const session = readSession()!;
  writeSession({ ...session, userInfo: { ...session.userInfo, userId, backOfficeRoles: roles } });
}

const openCase = () => renderAdminPage(AdminCertificationQueuePage, `/admin/certifications?case=${CASE_ID}`);
const proposed = {
  state: 'proposed' as const,
  proposedBy: { userId: 'u-ana', email: 'ana@portal.example' },
  proposedAt: '2026-01-05T08:00:00.000Z',
  declined: null,
};

describe('case workflow', { timeout: 30_000 }, () => {
  beforeEach(() => server.reset());

  it('support reads the case and decides nothing', async () => {
    signInWith(['support']);
    server.answer(CASE, envelope(200, certificationCase()));
    openCase();
    await screen.findByText('Your roles do not decide cases.');
    expect(screen.getByText('Nobody has claimed this case.')).toBeTruthy();
    for (const name of ['Approve', 'Reject', 'Request a revision', 'Claim this case'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('a reviewer claims the case', async () => {
    signInWith(['reviewer']);
    server.answer(CASE, envelope(200, certificationCase()));
    server.answer(`${CASE}/claim`, envelope(200, null));
    openCase();
    fireEvent.click(await screen.findByRole('button', { name: 'Claim this case' }));
    await waitFor(() => expect(bodiesOf(server, `${CASE}/claim`)).toHaveLength(1));
  });

  it('an approver confirms someone else’s proposal after a confirmation; the proposer cannot', async () => {
    signInWith(['approver']);
    server.answer(CASE, envelope(200, certificationCase({ allowedDecisions: [], approval: proposed })));
    server.answer(`${CASE}/confirm-approval`, envelope(200, { id: CASE_ID, status: 'approved', version: 5 }));
    openCase();
    await screen.findByText(/^Approval proposed by ana@portal\.example on /);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm approval' }));
    await screen.findByText('Confirm the approval of this case?');
    expect(bodiesOf(server, `${CASE}/confirm-approval`)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Approval confirmed. The applicant is informed by email.');
    expect(bodiesOf(server, `${CASE}/confirm-approval`)).toEqual([{ version: 3 }]);
    cleanup();

    signInWith(['reviewer', 'approver'], 'u-ana');
    openCase();
    await screen.findByText('You proposed it, so someone else must confirm it.');
    expect(screen.queryByRole('button', { name: 'Confirm approval' })).toBeNull();
  });
});
