// Partner registration links (issue 8 §5) against a real local HTTP server: list, create, disable,
// and a taken code explained inline.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PartnerLinkItem } from '../../../src/contract/api/admin';
import { AdminPartnerLinksPage } from '../../../src/web/features/admin/AdminPages';
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

const LINKS = '/plat/admin/partner-links';
let server: StubApi;
let unroute: () => void;

const link = (code: string, enabled = true): PartnerLinkItem => ({
  code,
  partnerName: `Partner ${code}`,
  enabled,
  createdAt: '2026-01-01T00:00:00.000Z',
  disabledAt: enabled ? null : '2026-01-02T00:00:00.000Z',
  registerUrl: `https://portal.example/register?businessInfo=${code}`,
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

describe('partner links', { timeout: 30_000 }, () => {
  it('lists, creates and disables links', async () => {
    let items = [link('ACME-01'), link('OLD-02', false)];
    server.answer(LINKS, (res, req) => {
      if (req.method === 'POST') {
        const body = JSON.parse(req.body) as { partnerName: string; code: string | null };
        const created = { ...link(body.code ?? 'RANDOM'), partnerName: body.partnerName };
        items = [created, ...items];
        return json(200, { code: 200, msg: '', data: created })(res, req);
      }
      return json(200, { code: 200, msg: '', data: { items, total: items.length, page: 1, pageSize: 20 } })(
        res,
        req,
      );
    });
    server.answer('/plat/admin/partner-links/ACME-01/disable', (res, req) => {
      items = items.map((item) => (item.code === 'ACME-01' ? link('ACME-01', false) : item));
      json(200, { code: 200, msg: '', data: link('ACME-01', false) })(res, req);
    });
    renderAdminPage(AdminPartnerLinksPage, '/admin/partnerLinks');
    const table = await screen.findByRole('table', { name: 'Partner links' });
    await within(table).findByText('ACME-01');
    expect(within(table).getByText('https://portal.example/register?businessInfo=ACME-01')).toBeTruthy();
    expect(within(table).getByText('Disabled')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/Partner name/), { target: { value: 'Harbour Partners' } });
    fireEvent.change(screen.getByLabelText('Code (optional)'), { target: { value: 'HARBOUR-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    await within(table).findByText('HARBOUR-1');
    expect(bodiesOf(server, LINKS).filter((b) => 'partnerName' in b)).toEqual([
      { partnerName: 'Harbour Partners', code: 'HARBOUR-1' },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Disable ACME-01' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Disable ACME-01' })).toBeNull());
    expect(
      server.requests.some(
        (r) => r.method === 'POST' && r.url === '/plat/admin/partner-links/ACME-01/disable',
      ),
    ).toBe(true);
  });

  it('explains a taken code inline and needs a partner name', async () => {
    server.answer(LINKS, (res, req) =>
      req.method === 'POST'
        ? envelope(100400, [{ path: 'code', message: 'field.invalid' }], 'invalid', 400)(res, req)
        : envelope(200, { items: [], total: 0, page: 1, pageSize: 20 })(res, req),
    );
    renderAdminPage(AdminPartnerLinksPage, '/admin/partnerLinks');
    await screen.findByText('No partner links yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText("Please enter the partner's name")).toBeTruthy();
    expect(bodiesOf(server, LINKS).filter((b) => 'partnerName' in b)).toEqual([]);

    fireEvent.change(screen.getByLabelText(/Partner name/), { target: { value: 'Harbour Partners' } });
    fireEvent.change(screen.getByLabelText('Code (optional)'), { target: { value: 'TAKEN-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect(
      await screen.findByText('This code is taken or not valid (letters, digits, - and _).'),
    ).toBeTruthy();
  });
});
