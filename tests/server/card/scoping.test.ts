// Another company's application cannot be reached: no route takes a company or application id,
// every route answers the caller's own company, and another company's file cannot be attached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardApplicationView } from '../../../src/contract/api/card';
import { Codes } from '../../../src/contract/codes';
import { createTestApp, type TestApp } from '../../support/testApp';
import { applicant, call, completeApplication, storedApplication } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("another company's application", () => {
  it('is never shown, changed or submitted by a caller of another company', async () => {
    const alice = await applicant(t.app);
    const bob = await applicant(t.app);
    const alicesData = await completeApplication(t, alice);
    await call(t, alice, 'POST', '/card/application/save', alicesData);
    const alicesRow = await storedApplication(t.app, alice.companyId!);

    const bobsView = await call<CardApplicationView>(t, bob, 'GET', '/card/application');
    expect(bobsView.body.data).toMatchObject({
      lifecycleState: 'notStarted',
      businessPurpose: null,
      file: null,
      answers: {},
    });

    // Ids in the path or query are not routes and are not read: Bob still only reaches his own.
    for (const path of [`/card/application/${alicesRow!.id}`, `/card/application/${alice.companyId}`]) {
      const res = await call(t, bob, 'GET', path);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(Codes.notFound.code);
    }
    const withQuery = await call<CardApplicationView>(
      t,
      bob,
      'GET',
      `/card/application?companyId=${alice.companyId}`,
    );
    expect(withQuery.body.data.lifecycleState).toBe('notStarted');

    const stolen = await call(t, bob, 'POST', '/card/application/submit', {
      ...alicesData,
      companyId: alice.companyId,
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.data).toEqual([{ path: 'fileId', message: 'file.invalid' }]);
    expect(await storedApplication(t.app, alice.companyId!)).toEqual(alicesRow);
    expect(await storedApplication(t.app, bob.companyId!)).toBeNull();
  });

  it("another company's file cannot be downloaded either (404)", async () => {
    const alice = await applicant(t.app);
    const bob = await applicant(t.app);
    const { fileId } = await completeApplication(t, alice);
    const res = await fetch(`${t.url}/plat/files/${fileId}`, { headers: bob.headers });
    expect(res.status).toBe(404);
  });
});
