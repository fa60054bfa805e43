// Issue 19 §1: the account-activation lifecycle driven over HTTP by paths generated from
// machines/accountActivationLifecycle.machine.ts (real server, real PostgreSQL, the app's test
// clock for the 24-hour link). The chart is only the oracle: opening the link and asking for a new
// one are the applicant's requests, and the status is read back by signing in, which answers
// accountNotActivated for a registered account and the session user (accountStatus) once active.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AccountPaths } from '../../../src/contract/api/accountPaths';
import type { LoginResult, SessionUser } from '../../../src/contract/api/accounts';
import type { CodeName } from '../../../src/contract/codes';
import { Codes } from '../../../src/contract/codes';
import { users } from '../../../src/server/db/schema/index';
import { machineRegistry } from '../../../machines/registry';
import { createTestApp, type TestApp } from '../../support/testApp';
import {
  BROWSER_USER_AGENT,
  Caller,
  latestMail,
  mailCount,
  seal,
  randomIp,
  solveCaptcha,
  tokenOf,
  uniqueEmail,
} from '../accounts/support/accountsClient';
import { describeLifecycleOverHttp, httpCall, type LifecycleHttpModel } from './lifecycleDriver';

const entry = machineRegistry.find((e) => e.id === 'accountActivationLifecycle')!;

type AccountStatus = SessionUser['accountStatus'];

// The explicit state ↔ status table, in the contract's words (SessionUser.accountStatus). The link's
// validity is not a status the API reports: both substates of 'registered' are an inactive account,
// told apart by what opening the link answers (the refusals below).
const STATUS_OF: Record<string, AccountStatus> = {
  'registered.linkValid': 'inactive',
  'registered.linkExpired': 'inactive',
  activated: 'active',
};

const PASSWORD = 'Paths#Pass1';

interface Subject {
  email: string;
  /** The applicant's browser: its address (sent as X-Forwarded-For) and user agent, to which the
   *  server binds the captcha tokens it earns (issue 22 §2). */
  browser: Caller;
  headers: Record<string, string>;
  /** The link the applicant holds: the newest one mailed. */
  token: () => Promise<string>;
}

let t: TestApp;
let model: LifecycleHttpModel<Subject, AccountStatus>;

/** Registration through the API (setup, not under test): the account waits with a fresh link. */
async function registered(): Promise<Subject> {
  const email = uniqueEmail('paths');
  const ip = randomIp();
  const setup = new Caller(t, ip);
  await setup.post('/ums/register/send-code', { email, captchaToken: await solveCaptcha(setup) });
  const { code } = (await latestMail(t, email, 'registrationCode'))!;
  const res = await setup.post('/ums/register', {
    firstName: 'Ada',
    lastName: 'Lovelace',
    location: 'HK',
    companyName: 'Paths Trading Ltd',
    position: 'legalPerson',
    email,
    passwordCipher: await seal(t, PASSWORD),
    serviceAgreement: true,
    emailCode: code,
  });
  expect(res.code, res.msg).toBe(200);
  return {
    email,
    browser: setup,
    headers: { 'x-forwarded-for': ip, 'user-agent': BROWSER_USER_AGENT },
    token: async () => tokenOf((await latestMail(t, email, 'activation'))!.link!),
  };
}

beforeAll(async () => {
  // The test's HTTP client is a proxy in front of many browsers: each subject has its own address.
  t = await createTestApp({ trustProxy: ['127.0.0.1'] });
  model = {
    entry,
    clock: t.clock,
    start: registered,
    send: {
      'user.openActivationLink': async (s) =>
        httpCall(t.url, 'POST', AccountPaths.activate, {
          headers: s.headers,
          json: { token: await s.token() },
        }),
      'user.resendActivationLink': (s) =>
        httpCall(t.url, 'POST', AccountPaths.activateResend, {
          headers: s.headers,
          json: { email: s.email },
        }),
    },
    acceptedCode: (event) => (event === 'user.openActivationLink' ? 'activationSuccess' : 'ok'),
    refusedCode: (event, state): CodeName => {
      if (event === 'user.openActivationLink')
        return state === 'activated' ? 'alreadyActivated' : 'activationExpired';
      // AccountPaths.activateResend answers ok always, so that nothing is revealed; the refusal is
      // that no link is sent (checked below).
      return 'ok';
    },
    observe: async (s) => {
      const captchaToken = await solveCaptcha(s.browser);
      const res = await httpCall<LoginResult>(t.url, 'POST', AccountPaths.login, {
        headers: s.headers,
        json: { email: s.email, passwordCipher: await seal(t, PASSWORD), captchaToken },
      });
      if (res.code === Codes.accountNotActivated.code) return 'inactive';
      expect(res.code, res.msg).toBe(200);
      return res.data.user.accountStatus;
    },
    statusOf: STATUS_OF,
  };
});
afterAll(() => t?.close());

describeLifecycleOverHttp('account activation lifecycle over HTTP (generated paths)', entry, () => model, {
  tests: () => {
    it('sends no new link to an activated account (the resend the chart refuses)', async () => {
      const s = await registered();
      expect((await model.send['user.openActivationLink']!(s, 'registered.linkValid')).code).toBe(
        Codes.activationSuccess.code,
      );
      const before = await mailCount(t, s.email, 'activation');
      expect((await model.send['user.resendActivationLink']!(s, 'activated')).code).toBe(Codes.ok.code);
      expect(await mailCount(t, s.email, 'activation')).toBe(before);
      const [row] = await t.app.db.select().from(users).where(eq(users.email, s.email));
      expect(row?.status).toBe('active');
    });
  },
});
