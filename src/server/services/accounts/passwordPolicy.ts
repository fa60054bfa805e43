// A new password (reset or change): the format rule after decryption, and never the current one
// nor any of the last three (docs/product-rules.md "Password"). Stored with a history row, lockout lifted.
import { desc, eq } from 'drizzle-orm';
import { Limits } from '../../../contract/limits';
import { isValidPassword } from '../../../contract/validators/password';
import { passwordHistory, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { hashPassword, verifyPassword } from '../../security/passwords';
import type { DbOrTx } from '../../types';

export async function assertNewPasswordAllowed(
  db: DbOrTx,
  user: { id: string; passwordHash: string },
  password: string,
): Promise<void> {
  if (!isValidPassword(password)) throw new AppError('passwordFormat', 200);
  // The history's newest row is the current password; the three before it are the ones refused.
  const recent = await db
    .select({ hash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, user.id))
    .orderBy(desc(passwordHistory.createdAt))
    .limit(Limits.password.historyDepth + 1);
  const refused = new Set([user.passwordHash, ...recent.map((r) => r.hash)]);
  for (const hash of refused) {
    if (await verifyPassword(hash, password)) throw new AppError('passwordReused', 200);
  }
}

/** Writes the new hash and its history row; a new password also ends any lockout. */
export async function storeNewPassword(
  tx: DbOrTx,
  userId: string,
  password: string,
  now: Date,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await tx
    .update(users)
    .set({ passwordHash, failedLogins: 0, lockedUntil: null })
    .where(eq(users.id, userId));
  await tx.insert(passwordHistory).values({ userId, passwordHash, createdAt: now });
}
