// Back-office accounts managed by an admin (issue 21 §4): list, create (with a set-password mail),
// assign roles, disable and enable. An admin never disables their own account nor drops their own
// admin role (ownAdminAccount): the back office cannot lose its last way in through one click.
// Disabling ends the account's sessions at once; a role change applies on the next request
// (roles are read with the session).
import { asc, and, count, eq } from 'drizzle-orm';
import type {
  BackOfficeAccount,
  CreateBackOfficeAccountRequest,
} from '../../../contract/api/backOfficeAccounts';
import type { BackOfficeRole } from '../../../contract/api/backOfficeRoles';
import type { Page } from '../../../contract/envelope';
import { Limits } from '../../../contract/limits';
import type { AppConfig } from '../../config';
import { consistentRead } from '../../db/consistentRead';
import { users } from '../../db/schema/accounts';
import { AppError, notFound } from '../../errors';
import { enqueueMail } from '../../mail/enqueueMail';
import type { SessionService } from '../../security/sessions';
import type { Clock, Db } from '../../types';
import { issueLink } from '../accounts/accountLinks';
import { resetPasswordLink } from '../accounts/mailLinks';
import { isUniqueViolation } from '../accounts/uniqueViolation';
import { caseIdOf } from './caseIds';

type UserRow = typeof users.$inferSelect;

/** No password verifies against this: the account sets its own through the mailed link. */
const NO_PASSWORD_YET = '!set-through-the-mailed-link';

function accountOf(row: UserRow): BackOfficeAccount {
  return {
    userId: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    roles: row.backOfficeRoles,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface BackOfficeAccountDeps {
  db: Db;
  clock: Clock;
  config: AppConfig;
  sessions: SessionService;
}

export function createBackOfficeAccounts({ db, clock, config, sessions }: BackOfficeAccountDeps) {
  const backOffice = eq(users.role, 'reviewer');

  async function accountRow(id: string): Promise<UserRow> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, caseIdOf(id)), backOffice));
    if (!row) throw notFound();
    return row;
  }

  async function update(id: string, set: Partial<UserRow>): Promise<BackOfficeAccount> {
    const [row] = await db
      .update(users)
      .set(set)
      .where(and(eq(users.id, id), backOffice))
      .returning();
    if (!row) throw notFound();
    return accountOf(row);
  }

  return {
    async list(page: number, pageSize: number): Promise<Page<BackOfficeAccount>> {
      const { rows, total } = await consistentRead(db, async (tx) => {
        const rows = await tx
          .select()
          .from(users)
          .where(backOffice)
          .orderBy(asc(users.email))
          .limit(pageSize)
          .offset((page - 1) * pageSize);
        const [counted] = await tx.select({ n: count() }).from(users).where(backOffice);
        return { rows, total: Number(counted?.n ?? 0) };
      });
      return { items: rows.map(accountOf), total, page, pageSize };
    },

    async create(
      request: Required<Omit<CreateBackOfficeAccountRequest, 'roles'>> & { roles: BackOfficeRole[] },
    ): Promise<BackOfficeAccount> {
      const now = clock.now();
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(users)
            .values({
              email: request.email,
              firstName: request.firstName,
              lastName: request.lastName,
              passwordHash: NO_PASSWORD_YET,
              role: 'reviewer',
              backOfficeRoles: request.roles,
              status: 'active',
              language: request.language,
              createdAt: now,
              activatedAt: now,
            })
            .returning();
          const token = await issueLink(tx, {
            userId: row!.id,
            purpose: 'reset',
            now,
            validMs: Limits.resetLink.validMs,
          });
          await enqueueMail(tx, {
            to: row!.email,
            locale: row!.language,
            template: 'resetPassword',
            vars: { link: resetPasswordLink(config, token) },
          });
          return accountOf(row!);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('accountEmailTaken', 409);
        throw error;
      }
    },

    async setRoles(adminId: string, id: string, roles: BackOfficeRole[]): Promise<BackOfficeAccount> {
      const before = await accountRow(id);
      id = before.id;
      if (id === adminId && !roles.includes('admin')) throw new AppError('ownAdminAccount', 409);
      const account = await update(id, { backOfficeRoles: roles });
      // Spec §8 311035 "user permissions changed, the system re-enters": the account's open pages
      // show menus and buttons of the old roles, so its sessions end and it signs in to the new ones.
      // The admin's own session stays (only roles below admin can change there).
      const changed = [...before.backOfficeRoles].sort().join() !== [...roles].sort().join();
      if (changed && id !== adminId) await sessions.revokeAllOfUser(id, 'permissions');
      return account;
    },

    async disable(adminId: string, id: string): Promise<BackOfficeAccount> {
      id = (await accountRow(id)).id;
      if (id === adminId) throw new AppError('ownAdminAccount', 409);
      const account = await update(id, { status: 'disabled' });
      await sessions.revokeAllOfUser(id, 'permissions');
      return account;
    },

    async enable(id: string): Promise<BackOfficeAccount> {
      const row = await accountRow(id);
      // An account that never set a password stays able to through the forgot-password page.
      return update(id, { status: row.status === 'inactive' ? 'inactive' : 'active' });
    },
  };
}
