// Change password while signed in (spec §2 /modify-pwd, §5): the current password must be right,
// the new one follows the rule and the history; every other session of the account ends.
import { eq } from 'drizzle-orm';
import type { Principal } from '../../types';
import { users } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { PasswordTransport } from '../../security/passwordTransport';
import { verifyPassword } from '../../security/passwords';
import type { SessionService } from '../../security/sessions';
import type { Clock, Db } from '../../types';
import { assertNewPasswordAllowed, storeNewPassword } from './passwordPolicy';

export function createPasswordChangeService(deps: {
  db: Db;
  clock: Clock;
  passwordTransport: PasswordTransport;
  sessions: SessionService;
}) {
  const { db, clock, passwordTransport, sessions } = deps;
  return {
    async change(principal: Principal, currentCipher: string, newCipher: string): Promise<void> {
      const current = await passwordTransport.open(currentCipher);
      const next = await passwordTransport.open(newCipher);
      const [user] = await db.select().from(users).where(eq(users.id, principal.userId));
      if (!user || !(await verifyPassword(user.passwordHash, current))) {
        throw new AppError('currentPasswordIncorrect', 200);
      }
      await assertNewPasswordAllowed(db, user, next);
      const now = clock.now();
      await db.transaction(async (tx) => {
        await storeNewPassword(tx, user.id, next, now);
        await sessions.revokeAllOfUser(user.id, 'password', principal.sessionId, tx);
      });
    },
  };
}
