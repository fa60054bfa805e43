// Accounts the account flows' paths start from, and the server arranged through its own API (as
// another person or another tab would have left it): real rows, real requests, no shortcuts into
// the flow under test.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AccountPaths, type CaptchaWork } from '../../../../src/contract/api/accounts';
import type { Locale } from '../../../../src/contract/envelope';
import { captchaChallenges, users } from '../../../../src/server/db/schema/index';
import { hashPassword } from '../../../../src/server/security/passwords';
import type { Portal } from '../../../support/portal';
import { createCompany } from '../../../support/sessions';
import { BROWSER_USER_AGENT, humanTrail } from '../../../server/accounts/support/accountsClient';
import { solveWork } from '../../../support/sliderWork';

export interface Account {
  id: string;
  email: string;
}

export const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.test`;

/** An applicant with a company and a password, active or still waiting for activation. */
export async function accountWithPassword(
  portal: Portal,
  init: { password: string; status: 'active' | 'inactive'; locale: Locale; prefix?: string },
): Promise<Account> {
  const company = await createCompany(portal.app);
  const [user] = await portal.app.db
    .insert(users)
    .values({
      companyId: company.id,
      email: uniqueEmail(init.prefix ?? 'mb'),
      firstName: 'Ada',
      lastName: 'Lovelace',
      position: 'manager',
      passwordHash: await hashPassword(init.password),
      role: 'applicant',
      status: init.status,
      language: init.locale,
    })
    .returning({ id: users.id, email: users.email });
  return user!;
}

/** One API call from "another tab" of the same person (127.0.0.1, the browser's user agent). */
export async function callApi(
  portal: Portal,
  path: string,
  body: unknown,
): Promise<{ code: number; data: unknown }> {
  const response = await portal.app.inject({
    method: 'POST',
    url: `/plat${path}`,
    payload: body as object,
    headers: { 'user-agent': BROWSER_USER_AGENT, language: '1' },
  });
  return response.json<{ code: number; data: unknown }>();
}

/** A slider token as a person earns it in another tab (the gap read from the database, as a person reads it off the picture). */
async function captchaToken(portal: Portal): Promise<string> {
  const challenge = await portal.app.inject({
    method: 'GET',
    url: `/plat${AccountPaths.captcha}`,
    headers: { 'user-agent': BROWSER_USER_AGENT },
  });
  const { challengeId, work } = challenge.json<{ data: { challengeId: string; work: CaptchaWork } }>().data;
  const [row] = await portal.app.db
    .select({ gapX: captchaChallenges.gapX })
    .from(captchaChallenges)
    .where(eq(captchaChallenges.id, challengeId));
  const x = row!.gapX + 2;
  const answer = await callApi(portal, AccountPaths.captchaVerify, {
    challengeId,
    x,
    trail: humanTrail(x),
    work: await solveWork(work),
  });
  if (answer.code !== 200) throw new Error(`captcha verify: ${JSON.stringify(answer)}`);
  return (answer.data as { captchaToken: string }).captchaToken;
}

/** "Forgot password" asked for `email` on /forgot in another tab: the server mails a reset link. */
export async function askForResetMail(portal: Portal, email: string, locale: Locale): Promise<void> {
  const answer = await callApi(portal, AccountPaths.forgot, {
    email,
    captchaToken: await captchaToken(portal),
    locale,
  });
  if (answer.code !== 200) throw new Error(`forgot: ${JSON.stringify(answer)}`);
}

/** A token the server never issued (the right shape, 32 characters). */
export const unknownToken = () => randomUUID().replaceAll('-', '');
