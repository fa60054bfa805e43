// Activation and reset-password links: a random token mailed to the user, stored hashed, valid for a
// while, single use, and voided by a newer link of the same purpose (docs/product-rules.md).
import { and, eq, gt, isNull } from 'drizzle-orm';
import { accountLinks, type AccountLinkPurpose } from '../../db/schema/index';
import type { DbOrTx } from '../../types';
import { hashToken, newLinkToken } from './secrets';

export type LinkState = 'usable' | 'expired' | 'used' | 'voided';

export interface FoundLink {
  id: string;
  userId: string;
  state: LinkState;
}

/** Voids the user's older links of this purpose and makes a new one; returns the token to mail. */
export async function issueLink(
  tx: DbOrTx,
  input: { userId: string; purpose: AccountLinkPurpose; now: Date; validMs: number },
): Promise<string> {
  await tx
    .update(accountLinks)
    .set({ voidedAt: input.now })
    .where(
      and(
        eq(accountLinks.userId, input.userId),
        eq(accountLinks.purpose, input.purpose),
        isNull(accountLinks.usedAt),
        isNull(accountLinks.voidedAt),
      ),
    );
  const token = newLinkToken();
  await tx.insert(accountLinks).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: hashToken(token),
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + input.validMs),
  });
  return token;
}

/** The link a token stands for and what can be done with it, or null for a token never issued. */
export async function findLink(
  db: DbOrTx,
  token: string,
  purpose: AccountLinkPurpose,
  now: Date,
): Promise<FoundLink | null> {
  const [row] = await db
    .select()
    .from(accountLinks)
    .where(and(eq(accountLinks.tokenHash, hashToken(token)), eq(accountLinks.purpose, purpose)))
    .limit(1);
  if (!row) return null;
  const state: LinkState = row.usedAt
    ? 'used'
    : row.voidedAt
      ? 'voided'
      : row.expiresAt <= now
        ? 'expired'
        : 'usable';
  return { id: row.id, userId: row.userId, state };
}

/** Spends a usable link; false when a racing request spent it (or it expired) in between. */
export async function consumeLink(tx: DbOrTx, linkId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(accountLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountLinks.id, linkId),
        isNull(accountLinks.usedAt),
        isNull(accountLinks.voidedAt),
        gt(accountLinks.expiresAt, now),
      ),
    )
    .returning({ id: accountLinks.id });
  return rows.length === 1;
}
