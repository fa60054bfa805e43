// One-time proofs (a slider answer, a captcha token, a password nonce, a draft version) may be
// spent once. A request cut after its commit and sent again under the same Idempotency-Key (issue 17
// §5) must find them spent by itself and go on, not be refused by its own first run; no other request
// can. The proof records the key's hash when it is spent; these read it back.
import { eq, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { currentRequest } from '../observability/requestContext';

/** The running request's idempotency-key hash (plugins/idempotency.ts), or null without a key. */
export function thisRequestsKey(): string | null {
  return currentRequest()?.idempotencyKeyHash ?? null;
}

/** `unspent`, or spent by this very request (its key recorded in `spentBy`). */
export function unspentOrSpentByThisRequest(unspent: SQL | undefined, spentBy: PgColumn, key: string | null) {
  return key === null ? unspent : or(unspent, eq(spentBy, key));
}

/** The record was last changed by this very request: it is being answered again, not conflicting. */
export function changedByThisRequestKey(lastChangedBy: string | null | undefined): boolean {
  const key = thisRequestsKey();
  return key !== null && lastChangedBy === key;
}
