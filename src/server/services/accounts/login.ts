// Sign-in (spec §2, §5, §8): slider token, encrypted password, lockout, activation, session. The
// answer never says whether the email or the password was wrong, an unknown email costs the same
// password verification as a known one, and it locks after the same number of failures.
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { LoginResult, loginRequest } from '../../../contract/api/accounts';
import { users } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { CaptchaService } from '../../security/captcha/captchaService';
import type { PasswordTransport } from '../../security/passwordTransport';
import { decoyHash, verifyPassword } from '../../security/passwords';
import type { SessionService } from '../../security/sessions';
import type { Clock, Db } from '../../types';
import { deviceName } from './deviceName';
import { reserveUnknownLoginAttempt } from './discoveryLimits';
import { clearLoginFailures, locksAccount, reserveLoginAttempt } from './lockout';
import { recordLoginAttempt, type LoginAttempt } from './loginHistory';
import { loadSessionUser } from './sessionUser';

type LoginBody = z.infer<typeof loginRequest>;

export interface LoginDeps {
  db: Db;
  clock: Clock;
  captcha: CaptchaService;
  passwordTransport: PasswordTransport;
  sessions: SessionService;
}

export function createLoginService({ db, clock, captcha, passwordTransport, sessions }: LoginDeps) {
  return {
    async login(
      body: LoginBody,
      client: { ip: string; userAgent: string | undefined },
    ): Promise<LoginResult> {
      const [user] = await db.select().from(users).where(eq(users.email, body.email));
      const record = (result: LoginAttempt['result']) =>
        recordLoginAttempt(db, {
          userId: user?.id ?? null,
          email: body.email,
          at: clock.now(),
          ip: client.ip,
          device: deviceName(client.userAgent),
          result,
        });
      const refuse = async (
        result: LoginAttempt['result'],
        code: ConstructorParameters<typeof AppError>[0],
      ) => {
        await record(result);
        return new AppError(code, 200);
      };

      if (!(await captcha.consume(body.captchaToken, client)))
        throw await refuse('captchaFailed', 'captchaFailed');
      let password: string;
      try {
        password = await passwordTransport.open(body.passwordCipher);
      } catch (error) {
        await record('cipherRejected');
        throw error;
      }
      if (!user) {
        // Counted like an account's failures, so that after maxFailures the answer is the locked
        // account's — same code, no password check, as for a locked account (issue 22 §3).
        const place = await reserveUnknownLoginAttempt(db, body.email, clock.now());
        if (place === null) throw await refuse('locked', 'accountLocked');
        await verifyPassword(await decoyHash(), password);
        throw await refuse('wrongPassword', locksAccount(place) ? 'accountLocked' : 'invalidCredentials');
      }
      const place = await reserveLoginAttempt(db, user.id, clock.now());
      if (place === null) throw await refuse('locked', 'accountLocked');
      if (!(await verifyPassword(user.passwordHash, password))) {
        throw await refuse('wrongPassword', locksAccount(place) ? 'accountLocked' : 'invalidCredentials');
      }
      await clearLoginFailures(db, user.id);
      if (user.status === 'inactive') throw await refuse('notActivated', 'accountNotActivated');
      // A disabled account is told nothing more than a wrong password would tell.
      if (user.status !== 'active') throw await refuse('wrongPassword', 'invalidCredentials');

      const { token } = await sessions.create(user.id, { ip: client.ip, userAgent: client.userAgent });
      await record('success');
      const sessionUser = await loadSessionUser(db, user.id);
      return { token, user: sessionUser! };
    },
  };
}
