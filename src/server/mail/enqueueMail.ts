// Putting a mail in the outbox. Call it with the transaction that makes the change the mail is
// about (a registration, a decision): the change and its mail commit together or not at all.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Locale } from '../../contract/envelope';
import { outbox } from '../db/schema/outbox';
import type { DbOrTx } from '../types';
import {
  InvalidMailError,
  parseMailVars,
  type MailTemplateName,
  type MailTemplateVars,
} from './templates/registry';

/** The channel delivery workers LISTEN on. PostgreSQL delivers a NOTIFY only when its transaction commits. */
export const OUTBOX_NOTIFY_CHANNEL = 'mail_outbox';

const recipient = z.string().trim().pipe(z.email());

export interface MailRequest<N extends MailTemplateName> {
  to: string;
  locale: Locale;
  template: N;
  vars: MailTemplateVars<N>;
}

export async function enqueueMail<N extends MailTemplateName>(
  db: DbOrTx,
  mail: MailRequest<N>,
): Promise<{ id: string }> {
  // Refuse bad variables now, in the caller's transaction, rather than fail at delivery.
  const vars = parseMailVars(mail.template, mail.vars);
  const to = recipient.safeParse(mail.to);
  if (!to.success) throw new InvalidMailError(`not an email address: ${JSON.stringify(mail.to)}`);
  const [row] = await db
    .insert(outbox)
    .values({ to: to.data, locale: mail.locale, template: mail.template, vars })
    .returning({ id: outbox.id });
  if (!row) throw new Error('outbox insert returned no row');
  // Wakes every worker listening (this instance and the others) once the caller commits.
  await db.execute(sql`select pg_notify(${OUTBOX_NOTIFY_CHANNEL}, '')`);
  return row;
}
