import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('column settings per user (/plat/ums/user/menu/fields/*)', () => {
  it('saves and loads per user and menu; another user sees their own', async () => {
    const a = await signInAs(t.app, { role: 'applicant' });
    const b = await signInAs(t.app, { role: 'applicant' });
    const fields = [
      { key: 'time', visible: true, width: 180 },
      { key: 'ip', visible: false },
    ];
    const save = await t.app.inject({
      method: 'POST',
      url: '/plat/ums/user/menu/fields/save',
      headers: a.headers,
      payload: { menuKey: 'loginHistory', fields },
    });
    expect(save.json()).toMatchObject({ code: 200 });
    const listA = await t.app.inject({
      method: 'POST',
      url: '/plat/ums/user/menu/fields/list',
      headers: a.headers,
      payload: { menuKey: 'loginHistory' },
    });
    expect(listA.json().data.fields).toEqual(fields);
    const listB = await t.app.inject({
      method: 'POST',
      url: '/plat/ums/user/menu/fields/list',
      headers: b.headers,
      payload: { menuKey: 'loginHistory' },
    });
    expect(listB.json().data.fields).toBeNull();
  });

  it('refuses malformed settings and changes nothing', async () => {
    const a = await signInAs(t.app, { role: 'applicant' });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/plat/ums/user/menu/fields/save',
      headers: a.headers,
      payload: { menuKey: 'loginHistory', fields: [{ key: '<script>', visible: 'yes' }] },
    });
    expect(bad.statusCode).toBe(400);
    const list = await t.app.inject({
      method: 'POST',
      url: '/plat/ums/user/menu/fields/list',
      headers: a.headers,
      payload: { menuKey: 'loginHistory' },
    });
    expect(list.json().data.fields).toBeNull();
  });
});
