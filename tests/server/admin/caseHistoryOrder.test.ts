// The case history reads in the order things happened even when several rows share one instant (a
// re-application and the save in its transaction, or a test's fixed clock): created_at first, then
// the rows' insertion sequence (migrations 0020 and 0021, lifecycle and audit rows). A run once saw a
// save listed after the submit it came before, when the order of equal times was left to PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { caseHistory } from '../../../src/server/services/admin/caseHistory';
import { createTestApp, type TestApp } from '../../support/testApp';
import { reviewer, seedCardApplication, seedCertification } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SAME_INSTANT = new Date('2030-05-01T08:00:00Z');
const ACTIONS = ['applicant.reapply', 'applicant.saveDraft', 'applicant.submit'];

describe('case history order within one instant', () => {
  it.each([
    ['certification', 'certification_history'],
    ['cardApplication', 'card_application_history'],
  ] as const)('%s: rows of one time read in insertion order', async (kind, table) => {
    const seeded =
      kind === 'certification'
        ? await seedCertification(t.app, { status: 'underReview', submittedAt: SAME_INSTANT })
        : await seedCardApplication(t.app, { status: 'underReview', submittedAt: SAME_INSTANT });
    const { application, company } = seeded;
    // Written to the heap last-first, but numbered first-last: only the sequence gives the order.
    for (const [i, action] of [...ACTIONS.entries()].reverse()) {
      await t.app.db.execute(sql`
        insert into ${sql.identifier(table)}
          (application_id, company_id, action, from_state, to_state, created_at, seq)
        overriding system value
        values (${application.id}, ${company.id}, ${action}, 'a', 'b', ${SAME_INSTANT}, ${1_000_000 + i})`);
    }
    const history = await caseHistory(t.app.db, kind, application.id);
    expect(history.filter((h) => h.source === 'lifecycle').map((h) => h.action)).toEqual(ACTIONS);
  });

  it('audit entries of one time read in insertion order', async () => {
    const { application, company } = await seedCertification(t.app, {
      status: 'underReview',
      submittedAt: SAME_INSTANT,
    });
    const alice = await reviewer(t);
    const audit = [
      'certification.flagFields',
      'certification.fieldComments',
      'certification.requestRevision',
    ];
    for (const [i, action] of [...audit.entries()].reverse()) {
      await t.app.db.execute(sql`
        insert into audit_log
          (actor_id, actor_email, action, case_kind, case_id, company_id, from_state, to_state, created_at, seq)
        overriding system value
        values (${alice.userId}, 'alice@example.test', ${action}, 'certification', ${application.id},
                ${company.id}, 'underReview', 'underReview', ${SAME_INSTANT}, ${2_000_000 + i})`);
    }
    const history = await caseHistory(t.app.db, 'certification', application.id);
    expect(history.filter((h) => h.source === 'audit').map((h) => h.action)).toEqual(audit);
  });
});
