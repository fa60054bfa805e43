// Issue 21 §2–§4 on the case page (jsdom, stub API): support reads a case and decides nothing (no
// decision, flag, claim or face-check controls); a reviewer claims the case; an approver sees the
// waiting proposal of someone else and confirms it through the decision chart (confirm first);
// the proposer is told someone else must confirm and gets no confirmation button.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BackOfficeRole } from '../../../src/contract/api/backOfficeRoles';
import { Codes } from '../../../src/contract/codes';
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

  it('after "Approval confirmed" the header shows the case approved without a reload (issue 31)', async () => {
    signInWith(['approver']);
    server.answer(CASE, envelope(200, certificationCase({ allowedDecisions: [], approval: proposed })));
    server.answer(`${CASE}/confirm-approval`, envelope(200, { id: CASE_ID, status: 'approved', version: 5 }));
    openCase();
    await screen.findByText(/^Approval proposed by ana@portal\.example on /);
    expect(screen.getByTestId('case-status').textContent).toBe('Under review');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm approval' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    // What the server answers from now on: the case approved, at its new version.
    server.answer(
      CASE,
      envelope(
        200,
        certificationCase({
          status: 'approved',
          version: 5,
          allowedDecisions: [],
          approval: { state: 'approved', proposedBy: null, proposedAt: null, declined: null },
        }),
      ),
    );
    await screen.findByText('Approval confirmed. The applicant is informed by email.');
    await waitFor(() => expect(screen.getByTestId('case-status').textContent).toBe('Approved'));
    // The notice stays with the fresh case, once.
    expect(screen.getAllByText('Approval confirmed. The applicant is informed by email.')).toHaveLength(1);
  });

  it('while the face waits for a reviewer, an approver reads why and cannot confirm (issue 28 §5)', async () => {
    signInWith(['approver']);
    server.answer(
      CASE,
      envelope(
        200,
        certificationCase({ allowedDecisions: [], approval: proposed, approvalBlock: 'faceReviewPending' }),
      ),
    );
    openCase();
    const confirm = await screen.findByRole('button', { name: 'Confirm approval' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('approval-block').textContent).toContain(Codes.faceReviewPending['en-us']);
    // The face form is a reviewer's: an approver gets no way to it.
    expect(screen.queryByRole('button', { name: 'Go to the face check' })).toBeNull();
    fireEvent.click(confirm);
    expect(screen.queryByText('Confirm the approval of this case?')).toBeNull();
    // Declining stays open.
    expect((screen.getByRole('button', { name: 'Decline approval' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('while the face waits for a reviewer, a reviewer cannot approve, reads why and is taken to the face form (issue 28 §5)', async () => {
    signInWith(['reviewer']);
    const base = certificationCase();
    server.answer(
      CASE,
      envelope(
        200,
        certificationCase({
          approvalBlock: 'faceReviewPending',
          authorizer: {
            ...base.authorizer!,
            verificationState: 'referred',
            face: {
              outcome: 'referred',
              reason: 'greyBand',
              score: 0.58,
              liveness: null,
              engineName: 'human',
              engineVersion: '3.3.6',
              captureSource: 'camera',
              frames: [],
              framesPurgedAt: null,
              overridable: true,
              review: null,
              attack: null,
            },
          },
        }),
      ),
    );
    openCase();
    const approve = await screen.findByRole('button', { name: 'Approve' });
    expect((approve as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('approval-block').textContent).toContain(Codes.faceReviewPending['en-us']);
    // Neither the button nor the approve key opens the confirmation.
    fireEvent.click(approve);
    fireEvent.keyDown(document.body, { key: 'a' });
    expect(screen.queryByText('Approve this case?')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Go to the face check' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Reason for the face decision'));
    // Rejecting stays open.
    expect((screen.getByRole('button', { name: 'Reject' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
