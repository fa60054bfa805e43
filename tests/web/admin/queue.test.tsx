// The certification queue (issue 8 §2) against a real local HTTP server standing in for the API:
// oldest first as served, counts per status, filters (status, location, date range ≤ one year with
// quick ranges, search), issue 21's approvals-waiting filter, age and claim columns, paging,
// column settings saved per reviewer, empty and error states.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AdminMenuKeys } from '../../../src/contract/api/admin';
import { AdminCertificationQueuePage } from '../../../src/web/features/admin/AdminPages';
import { queueItem, queuePage } from './fixtures';
import {
  bodiesOf,
  envelope,
  queriesOf,
  renderAdminPage,
  REVIEWER_TOKEN,
  routeFetchTo,
  signInAsReviewer,
  startStubApi,
  type StubApi,
} from './renderAdmin';

const QUEUE = '/plat/admin/certifications';
let server: StubApi;
let unroute: () => void;

beforeAll(async () => {
  server = await startStubApi();
  unroute = routeFetchTo(server);
});
afterAll(async () => {
  unroute();
  await server.close();
});
beforeEach(() => {
  server.reset();
  signInAsReviewer();
  server.answer('/plat/ums/user/menu/fields/list', envelope(200, { fields: null }));
  server.answer('/plat/ums/user/menu/fields/save', envelope(200, null));
});
afterEach(cleanup);

const rowsOf = () =>
  within(screen.getByRole('table', { name: 'Queue' }))
    .getAllByRole('row')
    .slice(1);

describe('certification queue', { timeout: 30_000 }, () => {
  it('lists cases in the order served (oldest first), with counts per status and the reviewer token', async () => {
    server.answer(QUEUE, envelope(200, queuePage([queueItem(1), queueItem(2), queueItem(3)])));
    renderAdminPage(AdminCertificationQueuePage, '/admin/certifications');
    await screen.findByText('Harbour Trading 1 Ltd');
    expect(rowsOf().map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Harbour Trading 1 Ltd',
      'Harbour Trading 2 Ltd',
      'Harbour Trading 3 Ltd',
    ]);
    expect(screen.getByRole('tab', { name: 'Under review (7)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Revision requested (2)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Harbour Trading 1 Ltd' }).getAttribute('href')).toBe(
      `/admin/certifications?case=${queueItem(1).id}`,
    );
    const first = server.requests.find((r) => r.url.startsWith(QUEUE));
    expect(first?.headers.authorization).toBe(`Bearer ${REVIEWER_TOKEN}`);
    expect(screen.getByTestId('reviewer-name').textContent).toBe('Rita Reviewer');
  });

  it('filters by status, search and quick range, and pages', async () => {
    server.answer(QUEUE, envelope(200, queuePage([queueItem(1)], 45)));
    renderAdminPage(AdminCertificationQueuePage, '/admin/certifications');
    await screen.findByText('Harbour Trading 1 Ltd');

    fireEvent.click(screen.getByRole('tab', { name: 'Approved (4)' }));
    await waitFor(() => expect(queriesOf(server, QUEUE).at(-1)?.get('status')).toBe('approved'));

    fireEvent.change(screen.getByLabelText('Company name, registration number or email'), {
      target: { value: '  harbour ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queriesOf(server, QUEUE).at(-1)?.get('q')).toBe('harbour'));

    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(queriesOf(server, QUEUE).at(-1)?.get('from')).toBeTruthy());
    const last = queriesOf(server, QUEUE).at(-1)!;
    const days = (Date.parse(last.get('to')!) - Date.parse(last.get('from')!)) / 86_400_000;
    expect(Math.round(days)).toBe(7);
    expect(last.get('status')).toBe('approved');
    expect(last.get('page')).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(queriesOf(server, QUEUE).at(-1)?.get('page')).toBe('2'));
  });

  it('filters by approvals waiting for a second person and orders newest first; shows age and claim (issue 21 §2)', async () => {
    const submittedAt = new Date(Date.now() - 3 * 86_400_000 - 60_000).toISOString();
    server.answer(
      QUEUE,
      envelope(
        200,
        queuePage([
          queueItem(1, {
            submittedAt,
            claim: {
              by: { userId: 'u-1', email: 'bea@portal.example', name: 'Bea Lin' },
              claimedAt: submittedAt,
              expiresAt: submittedAt,
            },
            approval: 'proposed',
          }),
        ]),
      ),
    );
    renderAdminPage(AdminCertificationQueuePage, '/admin/certifications');
    await screen.findByText('Harbour Trading 1 Ltd');
    const cells = within(rowsOf()[0]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toContain('3 d');
    expect(cells).toContain('Bea Lin');
    expect(cells).toContain('Under review, approval waiting for a second person');

    fireEvent.click(screen.getByLabelText('Approval waiting for a second person'));
    await waitFor(() => expect(queriesOf(server, QUEUE).at(-1)?.get('approval')).toBe('proposed'));
    expect(queriesOf(server, QUEUE).at(-1)?.get('sort')).toBeNull();
  });

  it('"Claimed by" offers one account’s claims to those who may reassign them (issue 21 §2)', async () => {
    server.answer(QUEUE, envelope(200, queuePage([queueItem(1)])));
    server.answer(
      '/plat/admin/claims/assignees',
      envelope(200, [
        { userId: '0b9d3f64-3c1e-4a57-9a59-2f1f0a6a1b11', email: 'bea@portal.example', name: 'Bea Lin' },
      ]),
    );
    renderAdminPage(AdminCertificationQueuePage, '/admin/certifications');
    await screen.findByText('Harbour Trading 1 Ltd');
    await waitFor(() => expect(queriesOf(server, '/plat/admin/claims/assignees')).toHaveLength(1));
    // The filter's input (a column of the same name has its own checkbox in the column settings).
    const claimedBy = screen
      .getAllByLabelText('Claimed by')
      .find((el) => el instanceof HTMLInputElement && el.type !== 'checkbox')!;
    fireEvent.click(claimedBy);
    fireEvent.click(await screen.findByRole('option', { name: 'Bea Lin', hidden: true }));
    await waitFor(() =>
      expect(queriesOf(server, QUEUE).at(-1)?.get('assignee')).toBe('0b9d3f64-3c1e-4a57-9a59-2f1f0a6a1b11'),
    );
  });

  it('refuses a date range longer than one year without asking the server', async () => {
    server.answer(QUEUE, envelope(200, queuePage([queueItem(1)])));
    renderAdminPage(AdminCertificationQueuePage, '/admin/certifications');
    await screen.findByText('Harbour Trading 1 Ltd');
    const before = queriesOf(server, QUEUE).length;
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2024-01-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2025-06-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByLabelText('End date').getAttribute('aria-invalid')).toBe('true'));
    expect(queriesOf(server, QUEUE).length).toBe(before);

    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2024-12-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queriesOf(server, QUEUE).length).toBe(before + 1));
  });

  it('saves column settings per reviewer under the queue menu key and hides the column', async () => {
    server.answer(QUEUE, envelope(200, queuePage([queueItem(1)])));
    server.answer(
      '/plat/ums/user/menu/fields/list',
      envelope(200, { fields: [{ key: 'decidedBy', visible: false }] }),
    );
    renderAdminPage(AdminCertificationQueuePage, '/admin/certifications');
    await screen.findByText('Harbour Trading 1 Ltd');
    expect(bodiesOf(server, '/plat/ums/user/menu/fields/list')[0]).toEqual({
      menuKey: AdminMenuKeys.certificationQueue,
    });
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Decided by' })).toBeNull());
    expect(screen.getByRole('columnheader', { name: 'Applicant email' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Column settings' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Applicant email' }));
    await waitFor(() => expect(bodiesOf(server, '/plat/ums/user/menu/fields/save')).toHaveLength(1));
    const saved = bodiesOf(server, '/plat/ums/user/menu/fields/save')[0] as {
      menuKey: string;
      fields: unknown[];
    };
    expect(saved.menuKey).toBe(AdminMenuKeys.certificationQueue);
    expect(saved.fields).toContainEqual({ key: 'applicantEmail', visible: false });
    expect(saved.fields).toContainEqual({ key: 'decidedBy', visible: false });
    expect(screen.queryByRole('columnheader', { name: 'Applicant email' })).toBeNull();
  });

  it('tells an empty queue from a failed one', async () => {
    server.answer(QUEUE, envelope(200, queuePage([])));
    server.answer(
      '/plat/config-management/public-config',
      envelope(200, { supportEmail: 'ops@portal.example', supportChatUrl: null, cardSystemUrl: null }),
    );
    renderAdminPage(AdminCertificationQueuePage, '/admin/certifications');
    // Spec §8 (issue 20 §5): the empty answer says so, with the business-operations contact.
    await screen.findByText('No matching search results');
    expect(
      screen.getByText(/No results\. Change the filters and search again, or contact business operations/),
    ).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'ops@portal.example' })).getAttribute('href')).toBe(
      'mailto:ops@portal.example',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();

    server.answer(QUEUE, envelope(400014, null, 'Something went wrong', 500));
    renderAdminPage(AdminCertificationQueuePage, '/admin/certifications');
    await screen.findByText('The queue could not be loaded.');
    expect(screen.queryByText('No matching search results')).toBeNull();
  });
});
