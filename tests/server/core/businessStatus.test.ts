import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerLinkService } from '../../../src/server/services/partnerLinks';
import { createTestApp, type TestApp } from '../../support/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const CHECK = '/plat/config-management/business-paramters/check-business-status';

describe('business-status check (spec §7)', () => {
  it('answers the partner for an enabled link, and code 200 with no data for unknown or disabled ones', async () => {
    const links = createPartnerLinkService(t.app.db, t.clock);
    const link = await links.create('Acme Partners');
    const good = await t.app.inject({ method: 'POST', url: CHECK, payload: { registerLink: link.code } });
    expect(good.json()).toMatchObject({
      code: 200,
      data: { registerLink: link.code, partnerName: 'Acme Partners' },
    });

    const unknown = await t.app.inject({
      method: 'POST',
      url: CHECK,
      payload: { registerLink: 'no-such-link' },
    });
    expect(unknown.json()).toMatchObject({ code: 200, data: null });

    await links.disable(link.code);
    const disabled = await t.app.inject({ method: 'POST', url: CHECK, payload: { registerLink: link.code } });
    expect(disabled.json()).toMatchObject({ code: 200, data: null });
  });
});
