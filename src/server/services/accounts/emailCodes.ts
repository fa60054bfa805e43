// Registration email codes (docs/product-rules.md "Email verification code"): 6 digits, valid 3 minutes,
// single use, at most 5 wrong tries, a new one after 60 s. Counted in PostgreSQL with conditional
// UPDATEs, so parallel guesses on two API instances share the same five tries.
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { CodeResendTooSoonData } from '../../../contract/api/accounts';
import type { Locale } from '../../../contract/envelope';
import { Limits } from '../../../contract/limits';
import { emailCodes } from '../../db/schema/index';
import { AppError } from '../../errors';
import { enqueueMail } from '../../mail/enqueueMail';
import type { DbOrTx } from '../../types';
import { codeMailTimes, mailBudgetAllows, noteHeldMail } from './mailBudget';
import { emailCodeHash, newEmailCode, sameHash } from './secrets';

const { validMs, resendAfterMs, maxWrongTries } = Limits.emailCode;

/**
 * The newest live code row of an email. `mailedOnly`: the code someone can have read; otherwise
 * also a send over the mail budget, which answered as a send and so times the 60-second rule.
 */
async function latestCode(db: DbOrTx, email: string, { mailedOnly = false } = {}) {
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.email, email),
        isNull(emailCodes.voidedAt),
        mailedOnly ? eq(emailCodes.mailed, true) : undefined,
      ),
    )
    .orderBy(desc(emailCodes.sentAt))
    .limit(1);
  return row ?? null;
}

/**
 * How long after a code went out a new one may be sent without a new slider, even when that code
 * has expired: the user on the verification stage proved to be a person for this email moments ago.
 */
export const SLIDERLESS_RESEND_WINDOW_MS = Limits.emailCode.sliderlessResendWindowMs;

/**
 * A code was sent to this email within the resend window and not spent: a resend may then skip the
 * slider (the 60-second rule and the send-code rate limit still apply to it).
 */
export async function hasRecentCode(db: DbOrTx, email: string, now: Date): Promise<boolean> {
  const row = await latestCode(db, email);
  return !!row && !row.usedAt && now.getTime() - row.sentAt.getTime() < SLIDERLESS_RESEND_WINDOW_MS;
}

/**
 * Sends a new code unless the last one went out less than 60 s ago (codeResendTooSoon, with the
 * wait in `data`). Over the email's mail budget (mailBudget.ts, issue 29 §2) it answers the same
 * but mails nothing and voids nothing: the code already in that inbox stays the one that works.
 * Call inside a transaction: the email's advisory lock makes two parallel sends for one email wait
 * for each other, so only one of them can pass the 60-second rule or take the budget's last mail.
 */
export async function sendEmailCode(tx: DbOrTx, email: string, locale: Locale, now: Date): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${'email-code:' + email}, 0))`);
  const last = await latestCode(tx, email);
  if (last) {
    const wait = last.sentAt.getTime() + resendAfterMs - now.getTime();
    if (wait > 0)
      throw new AppError('codeResendTooSoon', 200, { retryAfterMs: wait } satisfies CodeResendTooSoonData);
  }
  const mailed = mailBudgetAllows('registrationCode', await codeMailTimes(tx, email, now), now);
  if (mailed) {
    await tx
      .update(emailCodes)
      .set({ voidedAt: now })
      .where(and(eq(emailCodes.email, email), isNull(emailCodes.voidedAt)));
  }
  const code = newEmailCode();
  await tx.insert(emailCodes).values({
    email,
    codeHash: emailCodeHash(email, code),
    sentAt: now,
    expiresAt: new Date(now.getTime() + validMs),
    mailed,
  });
  if (mailed) await enqueueMail(tx, { to: email, locale, template: 'registrationCode', vars: { code } });
  else await noteHeldMail(tx, 'registrationCode', email, now);
}

/**
 * Checks an entered code without spending it; a wrong one counts a try. Throws codeNotSent,
 * codeTooManyTries (from the 6th try on, even for the right code), codeExpired or codeWrong.
 * Returns the code's id for `spendEmailCode`.
 */
export async function checkEmailCode(db: DbOrTx, email: string, code: string, now: Date): Promise<string> {
  const row = await latestCode(db, email, { mailedOnly: true });
  if (!row || row.usedAt) throw new AppError('codeNotSent', 200);
  if (row.wrongTries >= maxWrongTries) throw new AppError('codeTooManyTries', 200);
  if (row.expiresAt <= now) throw new AppError('codeExpired', 200);
  if (sameHash(row.codeHash, emailCodeHash(email, code))) return row.id;
  const counted = await db
    .update(emailCodes)
    .set({ wrongTries: sql`${emailCodes.wrongTries} + 1` })
    .where(and(eq(emailCodes.id, row.id), lt(emailCodes.wrongTries, maxWrongTries)))
    .returning({ wrongTries: emailCodes.wrongTries });
  throw new AppError(counted.length === 0 ? 'codeTooManyTries' : 'codeWrong', 200);
}

/** Spends the code in the registration's transaction; a racing registration leaves nothing to spend. */
export async function spendEmailCode(tx: DbOrTx, codeId: string, now: Date): Promise<void> {
  const spent = await tx
    .update(emailCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailCodes.id, codeId),
        isNull(emailCodes.usedAt),
        isNull(emailCodes.voidedAt),
        lt(emailCodes.wrongTries, maxWrongTries),
        gt(emailCodes.expiresAt, now),
      ),
    )
    .returning({ id: emailCodes.id });
  if (spent.length === 0) throw new AppError('codeNotSent', 200);
}
