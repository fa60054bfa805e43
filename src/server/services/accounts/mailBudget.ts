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

/**
 * Counts a mail the budget held back (rate_limit_counters, for the window of its kind; the hourly
 * housekeeping drops it after). Besides telling an operator how often an address is aimed at, it
 * makes the held call write and commit like a mailed one, so the two answer in about the same time.
 */
export async function noteHeldMail(
  tx: DbOrTx,
  kind: TargetMailKind,
  target: string,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const { windowMs } = Limits.targetMail[kind];
  await tx.execute(sql`
    INSERT INTO rate_limit_counters (key, count, reset_at)
    VALUES (${`mail-held:${kind}:${target}`}, 1, ${at}::timestamptz + (${windowMs} * interval '1 millisecond'))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit_counters.reset_at <= ${at}::timestamptz THEN 1
                   ELSE rate_limit_counters.count + 1 END,
      reset_at = CASE WHEN rate_limit_counters.reset_at <= ${at}::timestamptz
                      THEN ${at}::timestamptz + (${windowMs} * interval '1 millisecond')
                      ELSE rate_limit_counters.reset_at END`);
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
 * Whether a link of `purpose` may be mailed to this user now; takes the budget's lock first and
 * notes a held mail. Every link row stands for a mail (a call over the budget issues none), so the
 * rows are the record.
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
  const allowed = mailBudgetAllows(
    kind,
    rows.map((row) => row.createdAt),
    now,
  );
  if (!allowed) await noteHeldMail(tx, kind, userId, now);
  return allowed;
}
