// Requests a client may send again (issue 17 §5): a POST cut by a dropped connection or a killed
// worker may or may not have been applied, and only the server knows. The client sends an
// Idempotency-Key with every write; the first request with a key claims it here, and its answer is
// kept so that the same request sent again is answered the same instead of being applied twice.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    /** SHA-256 of the client's key: the key itself (which also opens the answer) is never stored. */
    keyHash: text('key_hash').primaryKey(),
    /** SHA-256 over method, route, caller and body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** While the first request runs, its worker renews this; past it with no answer, the worker died
     *  before answering and a retry may run the request again. */
    leaseUntil: ts('lease_until').notNull(),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    /** The answer's body, AES-256-GCM under a key derived from the client's key (base64). */
    answer: text('answer'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('idempotent_requests_created_at_idx').on(t.createdAt)],
);
