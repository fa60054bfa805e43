// Back-office accounts (issue 21 §4) against a real local HTTP server: an admin lists accounts,
// creates one with its roles, ticks and unticks a role, disables an account, and reads a refusal
// (an admin's own account) inline. Native checkboxes and buttons: the keyboard reaches them all.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BackOfficeAccount } from '../../../src/contract/api/backOfficeAccounts';
import { Codes } from '../../../src/contract/codes';
import { AdminAccountsPage } from '../../../src/web/features/admin/AdminPages';
import {
  bodiesOf,
  envelope,
  json,
  renderAdminPage,
  routeFetchTo,
  signInAsReviewer,
  startStubApi,
  type StubApi,
} from './renderAdmin';

const ACCOUNTS = '/plat/admin/accounts';
let server: StubApi;
let unroute: () => void;

const account = (
  email: string,
  roles: BackOfficeAccount['roles'],
  status: BackOfficeAccount['status'] = 'active',
) => ({
  userId: `u-${email.split('@')[0]}`,
  email,
  firstName: 'Kim',
  lastName: 'Lee',
  roles,
  status,
  createdAt: '2026-01-01T00:00:00.000Z',
});

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
});
afterEach(cleanup);

describe('back-office accounts', { timeout: 30_000 }, () => {
  it('creates an account with roles, changes a role, disables one, and says a refusal inline', async () => {
    let items: BackOfficeAccount[] = [account('kim@portal.example', ['reviewer'])];
    server.answer(ACCOUNTS, (res, req) => {
      if (req.method === 'POST') {
        const body = JSON.parse(req.body) as { email: string; roles: BackOfficeAccount['roles'] };
        const made = account(body.email, body.roles);
        items = [...items, made];
        return json(200, { code: 200, msg: '', data: made })(res, req);
      }
      return json(200, { code: 200, msg: '', data: { items, total: items.length, page: 1, pageSize: 50 } })(
        res,
        req,
      );
    });
    server.answer(`${ACCOUNTS}/u-kim/roles`, (res, req) => {
      const { roles } = JSON.parse(req.body) as { roles: BackOfficeAccount['roles'] };
      items = items.map((a) => (a.userId === 'u-kim' ? { ...a, roles } : a));
      json(200, { code: 200, msg: '', data: items[0] })(res, req);
    });
    server.answer(
      `${ACCOUNTS}/u-kim/disable`,
      envelope(Codes.ownAdminAccount.code, null, Codes.ownAdminAccount['en-us'], 409),
    );

    renderAdminPage(AdminAccountsPage, '/admin/accounts');
    const table = await screen.findByRole('table', { name: 'Back-office accounts' });
    await within(table).findByText('kim@portal.example');

    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ana@portal.example' } });
    fireEvent.change(screen.getByLabelText(/^First name/), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: 'Ng' } });
    const newRoles = screen.getByRole('group', { name: 'Roles' });
    fireEvent.click(within(newRoles).getByLabelText('Approver'));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await within(table).findByText('ana@portal.example');
    expect(bodiesOf(server, ACCOUNTS).filter((b) => 'email' in b)).toEqual([
      {
        email: 'ana@portal.example',
        firstName: 'Ana',
        lastName: 'Ng',
        language: 'en-us',
        roles: ['reviewer', 'approver'],
      },
    ]);
    expect(await screen.findByRole('status')).toBeTruthy();

    const kimRoles = screen.getByRole('group', { name: 'Roles of kim@portal.example' });
    fireEvent.click(within(kimRoles).getByLabelText('Support'));
    await waitFor(() =>
      expect(bodiesOf(server, `${ACCOUNTS}/u-kim/roles`)).toEqual([{ roles: ['reviewer', 'support'] }]),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Disable kim@portal.example' }));
    expect(await screen.findByText(Codes.ownAdminAccount['en-us'])).toBeTruthy();
  });
});
