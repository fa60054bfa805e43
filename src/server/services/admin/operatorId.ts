// The operator id a company gets when its certification is approved (docs/product-rules.md "Operator id":
// OP + 8 digits). Random rather than a sequence, so an id says nothing about how many companies
// exist; companies.operator_id is unique, and a collision is retried under a savepoint so the
// caller's transaction survives it.
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema/accounts';
import type { DbOrTx } from '../../types';
import { isUniqueViolation } from '../accounts/uniqueViolation';

const DIGITS = 8;
const ATTEMPTS = 8;

export const OPERATOR_ID_PATTERN = /^OP\d{8}$/;

export function randomOperatorId(): string {
  return `OP${String(randomInt(0, 10 ** DIGITS)).padStart(DIGITS, '0')}`;
}

/** Assigns a fresh operator id to the company (inside the caller's transaction) and returns it. */
export async function assignOperatorId(
  tx: DbOrTx,
  companyId: string,
  generate: () => string = randomOperatorId,
): Promise<string> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const candidate = generate();
    try {
      await tx.transaction(async (savepoint) => {
        await savepoint.update(companies).set({ operatorId: candidate }).where(eq(companies.id, companyId));
      });
      return candidate;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error(`no free operator id after ${ATTEMPTS} attempts`);
}
