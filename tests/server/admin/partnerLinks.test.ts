// Issue 8 §5: admins (issue 21 §4; reviewers until then) create, list and disable partner registration links; a disabled link no
// longer passes the business-status check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminPaths, adminPath, type PartnerLinkItem } from '../../../src/contract/api/admin';
import { CHECK_BUSINESS_STATUS_PATH } from '../../../src/contract/api/configManagement';
import { Codes } from '../../../src/contract/codes';
import type { Page } from '../../../src/contract/envelope';
import { signInAs, type SignedIn } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';
import { call } from './support';

let t: TestApp;
let alice: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signInAs(t.app, { role: 'reviewer', roles: ['admin'], language: 'en-us' });
});
afterAll(async () => {
  await t?.close();
});

const check = (code: string) =>
  call<unknown>(t, null, 'POST', CHECK_BUSINESS_STATUS_PATH, { registerLink: code });

describe('partner links', () => {
  it('creates with a chosen code or a random one, lists newest first, refuses a taken code', async () => {
    const chosen = await call<PartnerLinkItem>(t, alice, 'POST', AdminPaths.partnerLinkCreate, {
      partnerName: 'Acme Partners',
      code: 'acme-2030',
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data).toMatchObject({
      code: 'acme-2030',
      partnerName: 'Acme Partners',
      enabled: true,
      disabledAt: null,
    });
    expect(chosen.body.data.registerUrl).toMatch(/\/register\?businessInfo=acme-2030$/);
    t.clock.advance(1000);
    const random = await call<PartnerLinkItem>(t, alice, 'POST', AdminPaths.partnerLinkCreate, {
      partnerName: 'Beta',
    });
    expect(random.status).toBe(200);
    expect(random.body.data.code).toMatch(/^[A-Za-z0-9_-]{8,}$/);

    const taken = await call(t, alice, 'POST', AdminPaths.partnerLinkCreate, {
      partnerName: 'Other',
      code: 'acme-2030',
    });
    expect(taken.status).toBe(400);
    expect(taken.body.code).toBe(Codes.validationFailed.code);
    const blank = await call(t, alice, 'POST', AdminPaths.partnerLinkCreate, { partnerName: '  ' });
    expect(blank.status).toBe(400);
    const badCode = await call(t, alice, 'POST', AdminPaths.partnerLinkCreate, {
      partnerName: 'X',
      code: 'a b%',
    });
    expect(badCode.status).toBe(400);

    const list = await call<Page<PartnerLinkItem>>(t, alice, 'GET', AdminPaths.partnerLinks);
    expect(list.body.data.items.map((i) => i.code)).toEqual([random.body.data.code, 'acme-2030']);
    expect(list.body.data.total).toBe(2);
    const paged = await call<Page<PartnerLinkItem>>(
      t,
      alice,
      'GET',
      `${AdminPaths.partnerLinks}?page=2&pageSize=1`,
    );
    expect(paged.body.data.items.map((i) => i.code)).toEqual(['acme-2030']);
  });

  it('disables a link: the business-status check no longer knows it; disabling again keeps the first time', async () => {
    await call(t, alice, 'POST', AdminPaths.partnerLinkCreate, {
      partnerName: 'Gone Ltd',
      code: 'gone-link',
    });
    expect((await check('gone-link')).body.data).toMatchObject({
      registerLink: 'gone-link',
      partnerName: 'Gone Ltd',
    });
    const disabled = await call<PartnerLinkItem>(
      t,
      alice,
      'POST',
      adminPath(AdminPaths.partnerLinkDisable, { code: 'gone-link' }),
    );
    expect(disabled.status).toBe(200);
    expect(disabled.body.data).toMatchObject({ enabled: false });
    expect(disabled.body.data.disabledAt).not.toBeNull();
    expect((await check('gone-link')).body.data).toBeNull();
    t.clock.advance(60_000);
    const again = await call<PartnerLinkItem>(
      t,
      alice,
      'POST',
      adminPath(AdminPaths.partnerLinkDisable, { code: 'gone-link' }),
    );
    expect(again.body.data.disabledAt).toBe(disabled.body.data.disabledAt);
    const unknown = await call(
      t,
      alice,
      'POST',
      adminPath(AdminPaths.partnerLinkDisable, { code: 'never-made' }),
    );
    expect(unknown.status).toBe(404);
  });
});
