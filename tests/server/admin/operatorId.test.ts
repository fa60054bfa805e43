// docs/product-rules.md "Operator id": OP + 8 digits, unique. A collision with an existing id is retried
// under a savepoint, so the approval's transaction goes on with a fresh id.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../../src/server/db/schema/accounts';
import {
  OPERATOR_ID_PATTERN,
  assignOperatorId,
  randomOperatorId,
} from '../../../src/server/services/admin/operatorId';
import { createCompany } from '../../support/sessions';
import { createTestApp, type TestApp } from '../../support/testApp';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('operator ids', () => {
  it('look like OP + 8 digits', () => {
    for (let i = 0; i < 200; i++) expect(randomOperatorId()).toMatch(OPERATOR_ID_PATTERN);
  });

  it('retry on a collision inside the same transaction', async () => {
    const taken = await createCompany(t.app);
    await t.app.db.update(companies).set({ operatorId: 'OP00000001' }).where(eq(companies.id, taken.id));
    const fresh = await createCompany(t.app);
    const candidates = ['OP00000001', 'OP00000001', 'OP00000002'];
    const assigned = await t.app.db.transaction(async (tx) => {
      const id = await assignOperatorId(tx, fresh.id, () => candidates.shift()!);
      // The transaction is still usable after the refused attempts.
      const [row] = await tx.select().from(companies).where(eq(companies.id, fresh.id));
      return { id, stored: row!.operatorId };
    });
    expect(assigned).toEqual({ id: 'OP00000002', stored: 'OP00000002' });
    expect(candidates).toEqual([]);
  });

  it('gives up loudly when every attempt collides', async () => {
    const fresh = await createCompany(t.app);
    await expect(
      t.app.db.transaction((tx) => assignOperatorId(tx, fresh.id, () => 'OP00000001')),
    ).rejects.toThrow(/no free operator id/);
  });
});
