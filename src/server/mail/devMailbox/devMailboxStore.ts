// The dev mailbox's table: what the built-in SMTP peer received, newest first.
import { consistentRead } from '../../db/consistentRead';
import { count, desc, eq } from 'drizzle-orm';
import { devMailbox } from '../../db/schema/outbox';
import type { Db } from '../../types';
import type { ParsedMail } from './mimeParser';

export interface StoredMail {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  receivedAt: Date;
}

export async function storeReceivedMail(
  db: Db,
  mail: ParsedMail & { recipients: string[]; raw: string; receivedAt: Date },
): Promise<void> {
  if (mail.recipients.length === 0) return;
  // A message without a Message-ID still gets a key, so the unique index cannot merge two of them.
  const messageId = mail.messageId || `<dev-mailbox.${crypto.randomUUID()}@portal.localhost>`;
  await db
    .insert(devMailbox)
    .values(
      [...new Set(mail.recipients.map((r) => r.trim().toLowerCase()))].map((to) => ({
        to,
        from: mail.from,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId,
        raw: mail.raw,
        receivedAt: mail.receivedAt,
      })),
    )
    // A second delivery of the same message (outbox retry after a lost "sent" mark) is stored once.
    .onConflictDoNothing({ target: [devMailbox.messageId, devMailbox.to] });
}

export async function listReceivedMail(
  db: Db,
  query: { to?: string | undefined; page: number; pageSize: number },
): Promise<{ items: StoredMail[]; total: number }> {
  const where = query.to ? eq(devMailbox.to, query.to.trim().toLowerCase()) : undefined;
  return consistentRead(db, async (tx) => {
    const items = await tx
      .select({
        id: devMailbox.id,
        to: devMailbox.to,
        from: devMailbox.from,
        subject: devMailbox.subject,
        text: devMailbox.text,
        html: devMailbox.html,
        messageId: devMailbox.messageId,
        receivedAt: devMailbox.receivedAt,
      })
      .from(devMailbox)
      .where(where)
      .orderBy(desc(devMailbox.receivedAt), desc(devMailbox.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    const totals = await tx.select({ total: count() }).from(devMailbox).where(where);
    return { items, total: totals[0]?.total ?? 0 };
  });
}
