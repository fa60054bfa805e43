// Back-office accounts from the command line (docs/architecture.md "Back office"): the first admin, and
// any account before an admin exists. Roles (issue 21 §4) default to 'reviewer'.
import { and, eq } from 'drizzle-orm';
import { BACK_OFFICE_ROLES, isBackOfficeRole, type BackOfficeRole } from '../../contract/api/backOfficeRoles';
import { users } from '../db/schema/index';
import { hashPassword } from '../security/passwords';
import { isValidPassword } from '../../contract/validators/password';
import { isValidEmail } from '../../contract/validators/email';
import type { Clock, Db } from '../types';

export async function createReviewer(
  db: Db,
  clock: Clock,
  input: {
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    language?: 'zh-cn' | 'en-us';
    roles?: readonly BackOfficeRole[];
  },
) {
  const roles = [...new Set(input.roles ?? ['reviewer'])];
  if (roles.length === 0 || !roles.every(isBackOfficeRole)) {
    throw new Error(`roles are one or more of ${BACK_OFFICE_ROLES.join(', ')}`);
  }
  const email = input.email.trim().toLowerCase();
  if (!isValidEmail(email)) throw new Error(`not a valid email address: ${input.email}`);
  if (!isValidPassword(input.password)) {
    throw new Error(
      'the password must be 8-20 characters with an uppercase, a lowercase and a special character',
    );
  }
  const [row] = await db
    .insert(users)
    .values({
      email,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash: await hashPassword(input.password),
      role: 'reviewer',
      backOfficeRoles: roles,
      status: 'active',
      language: input.language ?? 'zh-cn',
      createdAt: clock.now(),
      activatedAt: clock.now(),
    })
    .returning({ id: users.id, email: users.email, roles: users.backOfficeRoles });
  return row!;
}

/** Replaces the roles of an existing back-office account; null when no such account. */
export async function setReviewerRoles(db: Db, email: string, roles: readonly string[]) {
  const unique = [...new Set(roles)];
  if (unique.length === 0 || !unique.every(isBackOfficeRole)) {
    throw new Error(`roles are one or more of ${BACK_OFFICE_ROLES.join(', ')}`);
  }
  const [row] = await db
    .update(users)
    .set({ backOfficeRoles: unique })
    .where(and(eq(users.email, email.trim().toLowerCase()), eq(users.role, 'reviewer')))
    .returning({ id: users.id, email: users.email, roles: users.backOfficeRoles });
  return row ?? null;
}

/** "reviewer,approver" → the list; the service checks the names. */
export function parseRoles(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  return text
    .split(',')
    .map((r) => r.trim())
    .filter((r) => r !== '');
}
