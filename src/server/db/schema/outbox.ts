// Outgoing mail (docs/architecture.md "Outgoing mail"): the outbox is written in the same
// transaction as the change that causes the mail, and a worker delivers it. The dev mailbox keeps
// what the built-in SMTP peer received, so development and tests read real delivered mail.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    locale: text('locale', { enum: ['zh-cn', 'en-us'] }).notNull(),
    /** A name of the template registry (src/server/mail/templates/registry.ts). */
    template: text('template').notNull(),
    vars: jsonb('vars')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /**
     * 'sending' exists only inside the claiming transaction (the row is locked while the SMTP
     * peer is talked to); other sessions see 'pending' and skip the locked row, and a crash rolls
     * it back to 'pending'. 'failed' rows stay in the table for an operator to look at.
     */
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Null: due at once. Set from the app clock when a failed attempt schedules a retry. */
    nextAttemptAt: ts('next_attempt_at'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    /**
     * The SMTP Message-ID header, derived from the row id and the sender's domain
     * (mail/messageId.ts) and stored on the first attempt, so every retry of a row carries the same
     * one: a receiver (and the dev mailbox) can recognise a repeat.
     */
    messageId: text('message_id'),
  },
  (t) => [
    uniqueIndex('outbox_message_id_unique').on(t.messageId),
    // The worker's claim query: due pending rows, oldest first.
    index('outbox_due_idx').on(t.status, t.nextAttemptAt, t.createdAt),
  ],
);

/** Messages the built-in dev mailbox received over SMTP: one row per envelope recipient. */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Envelope recipient, lower-cased. */
    to: text('to').notNull(),
    from: text('from').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    messageId: text('message_id').notNull(),
    raw: text('raw').notNull(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [
    // A repeated delivery of one message (the outbox's at-least-once window) is stored once.
    uniqueIndex('dev_mailbox_message_recipient_unique').on(t.messageId, t.to),
    index('dev_mailbox_to_received_idx').on(t.to, t.receivedAt),
  ],
);
