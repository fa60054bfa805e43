// Keys and background-round marks shared by every worker and instance (issue 18 §1, §3).
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Password-transport RSA keys made by the portal itself (none when TRANSPORT_PRIVATE_KEY is set).
 *  The newest unretired one is current; a retired one is still accepted for a while (open forms). */
export const transportKeys = pgTable('transport_keys', {
  keyId: text('key_id').primaryKey(),
  privateKeyPem: text('private_key_pem').notNull(),
  createdAt: ts('created_at').notNull(),
  retiredAt: ts('retired_at'),
});

/** When a periodic background job last started a round, across all workers and instances. */
export const backgroundRounds = pgTable('background_rounds', {
  job: text('job').primaryKey(),
  lastStartedAt: ts('last_started_at').notNull(),
});
