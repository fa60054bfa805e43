// Reviewer accounts: a separate role, created from the command line (ARCHITECTURE.md "Back office").
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
  },
) {
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
      status: 'active',
      language: input.language ?? 'zh-cn',
      createdAt: clock.now(),
      activatedAt: clock.now(),
    })
    .returning({ id: users.id, email: users.email });
  return row!;
}
