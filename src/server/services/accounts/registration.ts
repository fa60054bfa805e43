// Registration (spec §2–§5): the email code, then the account in one transaction with its company,
// password history, activation link and activation mail.
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { registerRequest, registerSendCodeRequest } from '../../../contract/api/accounts';
import type { Locale } from '../../../contract/envelope';
import { Limits } from '../../../contract/limits';
import { isValidPassword } from '../../../contract/validators/password';
import type { AppConfig } from '../../config';
import { companies, passwordHistory, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { CaptchaClient, CaptchaService } from '../../security/captcha/captchaService';
import type { PasswordTransport } from '../../security/passwordTransport';
import { hashPassword } from '../../security/passwords';
import type { Clock, Db } from '../../types';
import { remailActivation, sendActivationMail } from './activation';
import { countDiscovery } from './discoveryLimits';
import { checkEmailCode, hasRecentCode, sendEmailCode, spendEmailCode } from './emailCodes';
import { assertRegistrationFields, normalisedPhone } from './registrationFields';
import { isUniqueViolation } from './uniqueViolation';

type SendCodeBody = z.infer<typeof registerSendCodeRequest>;
type RegisterBody = z.infer<typeof registerRequest>;

export interface RegistrationDeps {
  db: Db;
  clock: Clock;
  config: AppConfig;
  captcha: CaptchaService;
  passwordTransport: PasswordTransport;
}

export function createRegistrationService({
  db,
  clock,
  config,
  captcha,
  passwordTransport,
}: RegistrationDeps) {
  /**
   * An email that already has an account: "please log in", or, when it waits for activation, an
   * activation link — mailed only within the address's budget (remailActivation), so repeated
   * calls cannot turn the portal into a mail cannon aimed at that inbox (issue 22 §3, 29 §3).
   */
  async function refuseExistingEmail(email: string, now: Date): Promise<void> {
    const [user] = await db.select().from(users).where(eq(users.email, email));
    if (!user) return;
    if (user.status !== 'inactive') throw new AppError('emailRegistered', 200);
    await db.transaction((tx) => remailActivation(tx, config, user, now));
    throw new AppError('emailRegisteredNotActivated', 200);
  }

  return {
    async sendCode(body: SendCodeBody, requestLocale: Locale, client: CaptchaClient) {
      const now = clock.now();
      await countDiscovery(db, body.email, now);
      // The first code needs a solved slider; a resend within the window after the last code may
      // skip it, also once that code has expired ("Resend code" must not bounce to stage 1).
      const sliderNeeded = !(await hasRecentCode(db, body.email, now));
      if (body.captchaToken !== undefined || sliderNeeded) {
        // An email under pressure prices this client's next puzzles higher (issue 29 §1).
        if (!(await captcha.consume(body.captchaToken, client, undefined, { email: body.email })))
          throw new AppError('captchaFailed', 200);
      }
      await refuseExistingEmail(body.email, now);
      await db.transaction((tx) => sendEmailCode(tx, body.email, body.locale ?? requestLocale, now));
      return { resendAfterMs: Limits.emailCode.resendAfterMs, validMs: Limits.emailCode.validMs };
    },

    async register(body: RegisterBody, locale: Locale) {
      assertRegistrationFields(body);
      const now = clock.now();
      await countDiscovery(db, body.email, now);
      // The mailed code first: without it, this call says nothing about the address (issue 22 §3).
      const codeId = await checkEmailCode(db, body.email, body.emailCode, now);
      await refuseExistingEmail(body.email, now);
      const password = await passwordTransport.open(body.passwordCipher);
      if (!isValidPassword(password)) throw new AppError('passwordFormat', 200);
      const passwordHash = await hashPassword(password);
      try {
        await db.transaction(async (tx) => {
          await spendEmailCode(tx, codeId, now);
          const [company] = await tx
            .insert(companies)
            .values({ name: body.companyName, location: body.location, createdAt: now })
            .returning({ id: companies.id });
          const [user] = await tx
            .insert(users)
            .values({
              companyId: company!.id,
              email: body.email,
              firstName: body.firstName,
              lastName: body.lastName,
              position: body.position,
              phoneAreaCode: normalisedPhone(body.phone) ? (body.phoneAreaCode ?? null) : null,
              phone: normalisedPhone(body.phone),
              passwordHash,
              role: 'applicant',
              status: 'inactive',
              language: locale,
              invitationCode: body.invitationCode?.trim() || null,
              createdAt: now,
            })
            .returning();
          await tx.insert(passwordHistory).values({ userId: user!.id, passwordHash, createdAt: now });
          await sendActivationMail(tx, config, user!, now);
        });
      } catch (error) {
        // Two registrations of one email racing: the second finds the first's account.
        if (isUniqueViolation(error)) throw new AppError('emailRegistered', 200);
        throw error;
      }
      return { email: body.email };
    },
  };
}
