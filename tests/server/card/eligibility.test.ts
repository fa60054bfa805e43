// Who may apply (spec §4, docs/product-rules.md): certification status 2, and a company location in the
// card-issuing list (CN, HK, SG). Everyone else is told why, and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardApplicationView } from '../../../src/contract/api/card';
import { Codes } from '../../../src/contract/codes';
import { CARD_ISSUING_LOCATIONS } from '../../../src/contract/options';
import { createTestApp, type TestApp } from '../../support/testApp';
import { applicant, call, completeApplication, storedApplication } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('eligibility', () => {
  it.each([0, 1])(
    'certification status %i: certificationRequired on the view, save and submit',
    async (status) => {
      const alice = await applicant(t.app, { certificationStatus: status });
      const viewed = await call<CardApplicationView>(t, alice, 'GET', '/card/application');
      expect(viewed.body.data).toMatchObject({ eligibility: 'certificationRequired', mayEdit: false });
      const complete = await completeApplication(t, alice);
      for (const path of ['/card/application/save', '/card/application/submit']) {
        const res = await call(t, alice, 'POST', path, complete, '0');
        expect(res.status).toBe(403);
        expect(res.body.code).toBe(Codes.certificationRequired.code);
        expect(res.body.msg).toBe(Codes.certificationRequired['zh-cn']);
      }
      expect(await storedApplication(t.app, alice.companyId!)).toBeNull();
    },
  );

  it.each(['US', 'GB'])('a certified %s company: entityNotSupported', async (location) => {
    const sam = await applicant(t.app, { location });
    const viewed = await call<CardApplicationView>(t, sam, 'GET', '/card/application');
    expect(viewed.body.data).toMatchObject({ eligibility: 'entityNotSupported', mayEdit: false });
    for (const path of ['/card/application/save', '/card/application/submit']) {
      const res = await call(t, sam, 'POST', path, { businessPurpose: 'advertising' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(Codes.entityNotSupported.code);
      expect(res.body.msg).toBe(Codes.entityNotSupported['en-us']);
    }
    expect(await storedApplication(t.app, sam.companyId!)).toBeNull();
  });

  it('an uncertified US company is told to certify first', async () => {
    const sam = await applicant(t.app, { location: 'US', certificationStatus: 0 });
    const res = await call<CardApplicationView>(t, sam, 'GET', '/card/application');
    expect(res.body.data.eligibility).toBe('certificationRequired');
  });

  it.each([...CARD_ISSUING_LOCATIONS])(
    'a certified %s company is eligible and may submit',
    async (location) => {
      const lee = await applicant(t.app, { location });
      const res = await call<CardApplicationView>(
        t,
        lee,
        'POST',
        '/card/application/submit',
        await completeApplication(t, lee),
      );
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ eligibility: 'eligible', lifecycleState: 'underReview' });
    },
  );
});
