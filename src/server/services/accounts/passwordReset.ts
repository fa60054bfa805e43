// Forgot / reset password (spec §2, §8; docs/product-rules.md "Reset-password link"): a link valid 30
// minutes, single use, voided by a newer one; the reset ends every session and lifts the lockout.
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { forgotRequest } from '../../../contract/api/accounts';
import type { Locale } from '../../../contract/envelope';
import { Limits } from '../../../contract/limits';
import type { AppConfig } from '../../config';
import { users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { enqueueMail } from '../../mail/enqueueMail';
import type { CaptchaClient, CaptchaService } from '../../security/captcha/captchaService';
import type { PasswordTransport } from '../../security/passwordTransport';
import type { SessionService } from '../../security/sessions';
import type { Clock, Db } from '../../types';
import { consumeLink, findLink, issueLink, type FoundLink } from './accountLinks';
import { countDiscovery } from './discoveryLimits';
import { mayMailLink } from './mailBudget';
import { resetPasswordLink } from './mailLinks';
import { assertNewPasswordAllowed, storeNewPassword } from './passwordPolicy';

type ForgotBody = z.infer<typeof forgotRequest>;

export interface PasswordResetDeps {
  db: Db;
  clock: Clock;
  config: AppConfig;
  captcha: CaptchaService;
  passwordTransport: PasswordTransport;
  sessions: SessionService;
}

export function createPasswordResetService(deps: PasswordResetDeps) {
  const { db, clock, config, captcha, passwordTransport, sessions } = deps;

  async function usableLink(token: string): Promise<FoundLink> {
    const link = await findLink(db, token, 'reset', clock.now());
    if (!link || link.state === 'used' || link.state === 'voided')
      throw new AppError('resetLinkInvalid', 200);
    if (link.state === 'expired') throw new AppError('resetLinkExpired', 200);
    return link;
  }

  return {
    /**
     * A reset link for an active account. Over the address's mail budget (mailBudget.ts, issue 29
     * §2) it answers the same but mails and voids nothing: the link already in that inbox stays
     * the one that works, so nobody can block a person's own reset by asking for theirs.
     */
    async forgot(body: ForgotBody, requestLocale: Locale, client: CaptchaClient): Promise<void> {
      await countDiscovery(db, body.email, clock.now());
      // An email under pressure prices this client's next puzzles higher (issue 29 §1).
      if (!(await captcha.consume(body.captchaToken, client, undefined, { email: body.email })))
        throw new AppError('captchaFailed', 200);
      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.email, body.email), eq(users.status, 'active')));
      if (!user) throw new AppError('emailNotFound', 200);
      const now = clock.now();
      await db.transaction(async (tx) => {
        if (!(await mayMailLink(tx, user.id, 'reset', now))) return;
        const token = await issueLink(tx, {
          userId: user.id,
          purpose: 'reset',
          now,
          validMs: Limits.resetLink.validMs,
        });
        await enqueueMail(tx, {
          to: user.email,
          // The page's language now, else the preference kept on the server.
          locale: body.locale ?? user.language ?? requestLocale,
          template: 'resetPassword',
          vars: { link: resetPasswordLink(config, token) },
        });
      });
    },

    /** The page checks the link before it shows the form. */
    async check(token: string): Promise<void> {
      await usableLink(token);
    },

    async reset(token: string, passwordCipher: string): Promise<void> {
      const link = await usableLink(token);
      const password = await passwordTransport.open(passwordCipher);
      const [user] = await db.select().from(users).where(eq(users.id, link.userId));
      if (!user) throw new AppError('resetLinkInvalid', 200);
      await assertNewPasswordAllowed(db, user, password);
      const now = clock.now();
      await db.transaction(async (tx) => {
        if (!(await consumeLink(tx, link.id, now))) throw new AppError('resetLinkInvalid', 200);
        await storeNewPassword(tx, user.id, password, now);
        await sessions.revokeAllOfUser(user.id, 'password', undefined, tx);
      });
    },
  };
}
