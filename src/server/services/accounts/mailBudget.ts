// Mail that anyone can make the portal send to an address (issue 29 §2/§3): registration codes,
// reset links, activation links. A script may ask for them as often as the per-address limits let
// it, from as many addresses as it has; the address's owner must still get theirs. So each kind
// has a budget per target address (Limits.targetMail): `max` mails within `windowMs`, then one
// more whenever the newest is `floorMs` old. A call over the budget answers exactly as one within
// it and mails nothing, voids nothing: the newest mail in the inbox still holds a usable code or
// link (floorMs is never longer than its validity), so the owner is never locked out.
import { and, eq, gt, sql } from 'drizzle-orm';
import { Limits } from '../../../contract/limits';
import { accountLinks, emailCodes, type AccountLinkPurpose } from '../../db/schema/index';
import type { DbOrTx } from '../../types';

export type TargetMailKind = keyof typeof Limits.targetMail;

/** Whether one more mail of `kind` may go out, given when the recent ones to that address did. */
export function mailBudgetAllows(kind: TargetMailKind, sentAt: readonly Date[], now: Date): boolean {
  const { max, windowMs, floorMs } = Limits.targetMail[kind];
  const ages = sentAt.map((at) => now.getTime() - at.getTime()).filter((age) => age < windowMs);
  if (ages.length < max) return true;
  return Math.min(...ages) >= floorMs;
}

/**
 * Holds the target's budget until the caller's transaction ends: two parallel calls for one
 * address would otherwise both find room for the same last mail.
 */
export async function lockMailBudget(tx: DbOrTx, kind: TargetMailKind, target: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`mail-budget:${kind}:${target}`}, 0))`,
  );
}

/** When the registration codes of the window went to `email` (mailed ones only). */
export async function codeMailTimes(db: DbOrTx, email: string, now: Date): Promise<Date[]> {
  const since = new Date(now.getTime() - Limits.targetMail.registrationCode.windowMs);
  const rows = await db
    .select({ sentAt: emailCodes.sentAt })
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.mailed, true), gt(emailCodes.sentAt, since)));
  return rows.map((row) => row.sentAt);
}

const LINK_KIND: Record<AccountLinkPurpose, TargetMailKind> = {
  activation: 'activation',
  reset: 'resetPassword',
};

/**
 * Whether a link of `purpose` may be mailed to this user now; takes the budget's lock first. Every
 * link row stands for a mail (a call over the budget issues none), so the rows are the record.
 */
export async function mayMailLink(
  tx: DbOrTx,
  userId: string,
  purpose: AccountLinkPurpose,
  now: Date,
): Promise<boolean> {
  const kind = LINK_KIND[purpose];
  await lockMailBudget(tx, kind, userId);
  const since = new Date(now.getTime() - Limits.targetMail[kind].windowMs);
  const rows = await tx
    .select({ createdAt: accountLinks.createdAt })
    .from(accountLinks)
    .where(
      and(
        eq(accountLinks.userId, userId),
        eq(accountLinks.purpose, purpose),
        gt(accountLinks.createdAt, since),
      ),
    );
  return mailBudgetAllows(
    kind,
    rows.map((row) => row.createdAt),
    now,
  );
}
