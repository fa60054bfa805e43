// Issue 8: the audit trail is append-only in the database itself — UPDATE, DELETE and TRUNCATE
// are refused by a trigger, whoever asks.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/server/db/schema/audit';
import { createTestApp, type TestApp } from '../../support/testApp';
import { reviewer, seedCertification } from './support';

let t: TestApp;
let rowId: string;

beforeAll(async () => {
  t = await createTestApp();
  const who = await reviewer(t);
  const { company, application } = await seedCertification(t.app, {
    status: 'underReview',
    submittedAt: new Date(),
  });
  const [row] = await t.app.db
    .insert(auditLog)
    .values({
      actorId: who.userId,
      actorEmail: who.email,
      action: 'certification.reject',
      caseKind: 'certification',
      caseId: application.id,
      companyId: company.id,
      fromState: 'underReview',
      toState: 'rejected',
      reason: 'original',
      createdAt: new Date(),
    })
    .returning();
  rowId = row!.id;
});
afterAll(async () => {
  await t?.close();
});

async function refusal(statement: ReturnType<typeof sql>): Promise<{ code?: string; message: string }> {
  try {
    await t.app.db.execute(statement);
  } catch (error) {
    const e =
      (error as { cause?: { code?: string; message: string } }).cause ??
      (error as { code?: string; message: string });
    return { code: e.code, message: e.message };
  }
  throw new Error('the statement was not refused');
}

describe('audit_log is append-only', () => {
  it('refuses UPDATE', async () => {
    const r = await refusal(sql`update audit_log set reason = 'rewritten' where id = ${rowId}`);
    expect(r.code).toBe('42501');
    expect(r.message).toMatch(/append-only/);
  });

  it('refuses DELETE', async () => {
    const r = await refusal(sql`delete from audit_log where id = ${rowId}`);
    expect(r.code).toBe('42501');
  });

  it('refuses TRUNCATE', async () => {
    const r = await refusal(sql`truncate audit_log`);
    expect(r.code).toBe('42501');
  });

  it('still accepts inserts, and the original row is untouched', async () => {
    const rows = await t.app.db.execute<{ reason: string; n: string }>(
      sql`select (select reason from audit_log where id = ${rowId}) as reason, count(*)::text as n from audit_log`,
    );
    expect(rows.rows[0]).toEqual({ reason: 'original', n: '1' });
  });
});
