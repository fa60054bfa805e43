// Page-handled calls with no answer at all (spec §8, docs/decisions/small-decisions.md "Transport failure of a
// page-handled"): the API layers reject, so the flows' error branches run, or (where a page
// awaits in a handler with no error branch) turn it into the network message.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise, waitFor } from 'xstate';
import type { ApiOutcome } from '../../../machines/accountOutcome';
import {
  registrationMachine,
  type SendCodeInput,
  type SendCodeResult,
} from '../../../machines/registration.machine';
import { createAccountsApi } from '../../../src/web/api/accounts';
import type { ApiFailure } from '../../../src/web/api/apiFailure';
import { createApiClient } from '../../../src/web/api/client';
import { createRequestRegistry } from '../../../src/web/api/requestRegistry';
import { TransportFailureError } from '../../../src/web/api/transportFailure';
import { createAdminApi } from '../../../src/web/features/admin/adminApi';
import { createCardApi } from '../../../src/web/features/cardApplication/cardApi';

/** A client whose every call fails to connect (port 1 refuses). */
function unreachableClient() {
  const toasts: string[] = [];
  const reports: ApiFailure[] = [];
  const client = createApiClient({
    baseURL: 'http://127.0.0.1:1',
    getToken: () => null,
    getLocale: () => 'en-us',
    toast: (m) => toasts.push(m),
    gate: { isRejectingRequests: () => false, reportSessionInvalid: () => {} },
    registry: createRequestRegistry(),
    report: (f) => reports.push(f),
    // The retries of a cut write are apiClient.test.ts's; here only what callers do once it fails.
    writeRetryDelaysMs: [],
  });
  return { client, toasts, reports };
}

const noEncryption = async (password: string) => password;

describe('page-handled callers on a transport failure', () => {
  it('the accounts calls reject, so the registration chart takes its error branch ("internal")', async () => {
    const { client, toasts, reports } = unreachableClient();
    const accounts = createAccountsApi(client, noEncryption);
    await expect(
      accounts.sendRegistrationCode({ email: 'a@b.example', captchaToken: 't', locale: 'en-us' }),
    ).rejects.toBeInstanceOf(TransportFailureError);

    const actor = createActor(
      registrationMachine.provide({
        actors: {
          'send code': fromPromise<ApiOutcome<SendCodeResult>, SendCodeInput>(({ input }) =>
            accounts.sendRegistrationCode({ email: input.email, captchaToken: 'cap', locale: 'en-us' }),
          ),
        },
        actions: { 'refresh puzzle': () => {} },
      }),
    ).start();
    actor.send({ type: 'captcha.solved' });
    actor.send({
      type: 'user.submitInfo',
      info: {
        firstName: 'A',
        lastName: 'B',
        location: 'HK',
        companyName: 'C',
        position: 'manager',
        email: 'a@b.example',
        phoneAreaCode: null,
        phone: null,
        password: 'Secret#2024',
        invitationCode: null,
        serviceAgreement: true,
      },
    });
    actor.send({ type: 'user.sendCode' });
    const settled = await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(settled.context.message).toBe('internal');
    expect(toasts).toEqual([]);
    expect(reports.every((r) => r.label === 'call exception')).toBe(true);
    actor.stop();
  });

  // The card's document goes through the upload chart's transport (cardUpload.ts), not this client.
  it('the card save rejects (the chart shows the network message)', async () => {
    const { client } = unreachableClient();
    const card = createCardApi(client);
    await expect(card.save({} as never)).rejects.toBeInstanceOf(TransportFailureError);
  });

  it('creating a partner link answers with the network message instead of an unhandled rejection', async () => {
    const { client } = unreachableClient();
    const admin = createAdminApi(client);
    expect(await admin.createPartnerLink({ partnerName: 'P', code: null })).toEqual({
      kind: 'refused',
      code: 'internal',
    });
  });

  it('a decision rejects, so the review chart takes its error branch', async () => {
    const { client } = unreachableClient();
    const admin = createAdminApi(client);
    await expect(
      toPromise(
        createActor(fromPromise(() => admin.decide('certification', 'id-1', 1, { kind: 'approve' }))).start(),
      ),
    ).rejects.toBeInstanceOf(TransportFailureError);
  });
});
