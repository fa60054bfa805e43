// One simulated applicant, start to submit, from its own loopback address: slider → code mailed →
// register → activation mailed → activate → log in → confirm the location → certification documents
// uploaded and every step saved (the server tests' helpers) → submit. Each step is timed.
import type { LoginResult } from '../../src/contract/api/accounts';
import { AccountPaths } from '../../src/contract/api/accounts';
import { Codes } from '../../src/contract/codes';
import { confirm, saveAll, submit, validCnDraft, type Caller } from '../../tests/server/certification/support';
import { sealPassword, solveCaptcha } from './portalAccounts';
import { callJson, dataOf } from './portalHttp';
import type { BenchPortal } from './portalServer';
import { asTestApp } from './portalTestApp';
import { activationToken, registrationCode } from './journeyMail';
import type { JourneyStep, StepTimings } from './journeyTimings';

const PASSWORD = 'Journey#Pass1';

export async function runApplicant(
  portal: BenchPortal,
  timings: StepTimings,
  applicant: { email: string; from: string; onStep?: (step: string) => void },
): Promise<void> {
  const { email, from } = applicant;
  // Which step the journey is in, for a caller that reports where unfinished journeys stopped.
  const timed = <T>(step: JourneyStep, work: () => Promise<T>): Promise<T> => {
    applicant.onStep?.(step);
    return timings.time(step, work);
  };
  const post = <T>(apiPath: string, body: unknown, token?: string) =>
    callJson<T>(portal.url, 'POST', apiPath, { from, body, token });

  const signUpToken = await timed('captcha', () => solveCaptcha(portal, from));
  const sent = await timed('sendCode', () =>
    post(AccountPaths.registerSendCode, { email, captchaToken: signUpToken, locale: 'en-us' }),
  );
  // "Please wait before requesting another code": a send cut after it went out and sent again. The
  // code is in the mailbox; a person reads it there, as this applicant does next.
  if (sent.code !== Codes.codeResendTooSoon.code) dataOf(sent, 'send code');
  const emailCode = await timed('codeMail', () => registrationCode(portal.smtp, email));

  const registered = await timed('register', async () =>
    post(AccountPaths.register, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      location: 'CN',
      companyName: 'Fuzhou Example Trading Co., Ltd.',
      position: 'manager',
      email,
      phoneAreaCode: '+86',
      phone: '13800138000',
      passwordCipher: await sealPassword(portal, PASSWORD),
      invitationCode: null,
      serviceAgreement: true,
      emailCode,
    }),
  );
  dataOf(registered, 'register');
  const activation = await timed('activationMail', () => activationToken(portal.smtp, email));
  const activated = await timed('activate', () => post(AccountPaths.activate, { token: activation }));
  if (activated.status !== 200) throw new Error(`activate: HTTP ${activated.status}, code ${activated.code}`);

  const loginToken = await timed('captcha', () => solveCaptcha(portal, from));
  const { token, user } = dataOf(
    await timed('login', async () =>
      post<LoginResult>(AccountPaths.login, {
        email,
        passwordCipher: await sealPassword(portal, PASSWORD),
        captchaToken: loginToken,
      }),
    ),
    'login',
  );

  const caller: Caller = {
    signedIn: {
      token,
      userId: user.userId,
      companyId: user.companyId,
      email: user.email,
      headers: { authorization: `Bearer ${token}` },
    },
    headers: { authorization: `Bearer ${token}`, language: '1' },
  };
  const t = asTestApp(portal);
  applicant.onStep?.('confirmLocation');
  await confirm(t, caller, 'CN');
  applicant.onStep?.('upload');
  const draft = await validCnDraft(t, caller);
  applicant.onStep?.('saveDraft');
  await saveAll(t, caller, draft);
  applicant.onStep?.('submit');
  const submitted = await submit(t, caller);
  if (submitted.status !== 200 || submitted.body.code !== 200)
    throw new Error(`submit: HTTP ${submitted.status}, ${JSON.stringify(submitted.body).slice(0, 300)}`);
}
