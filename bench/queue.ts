// The review queue under a team's load (issue 21 §5): 10 000 certification cases in PostgreSQL
// (a tenth claimed, some approvals waiting), and a reviewer paging through them with the filters a
// team uses (status, location, company type, age, assignee, approvals waiting, search, each sort).
// Every call is GET /plat/admin/certifications against the real server; the figure is the p95 of the
// page's answer time. Budget: p95 ≤ 100 ms.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { BenchFigure } from './benchFigure';
import { COMPANY_LOCATIONS, COMPANY_TYPES } from '../src/contract/options';
import { companies, users } from '../src/server/db/schema/accounts';
import { approvalProposals, caseClaims } from '../src/server/db/schema/backOffice';
import { certificationApplications } from '../src/server/db/schema/certification';
import { createSessionService } from '../src/server/security/sessions';
import { callJson } from './support/portalHttp';
import { startBenchPortal } from './support/portalServer';
import { median, percentile } from './support/runnerStats';

const CASES = 10_000;
const BATCH = 1_000;
const DAY = 24 * 60 * 60 * 1000;

/** The filtered, paginated pages a reviewer asks for. */
const QUERIES = [
  'status=underReview&location=CN&page=10&pageSize=20',
  'status=underReview&sort=newest&page=3',
  'q=Company%2012&pageSize=50',
  'assignee=unassigned&minAgeDays=30&page=5',
  'companyType=limitedCompany&location=HK&sort=companyName&page=2',
  'approval=proposed',
  'assignee=me',
  'status=rejected&q=example.test&page=4',
];

async function seed(db: Awaited<ReturnType<typeof startBenchPortal>>['database']['db'], reviewerId: string) {
  const now = Date.now();
  const statuses = [
    { lifecycleState: 'underReview', decision: null, status: 1, audit: 1 },
    { lifecycleState: 'rejected', decision: 'rejected', status: 1, audit: 3 },
    { lifecycleState: 'approved', decision: 'approved', status: 2, audit: 2 },
  ] as const;
  for (let from = 0; from < CASES; from += BATCH) {
    const n = Math.min(BATCH, CASES - from);
    const rows = Array.from({ length: n }, (_, k) => {
      const i = from + k;
      // Most cases wait for a reviewer, as in a real queue.
      const s = statuses[i % 10 < 7 ? 0 : i % 10 < 9 ? 1 : 2];
      return { i, s, submittedAt: new Date(now - (i % 400) * DAY - i * 1000) };
    });
    const made = await db
      .insert(companies)
      .values(
        rows.map(({ i, s }) => ({
          name: `Company ${i} Trading Ltd`,
          location: COMPANY_LOCATIONS[i % COMPANY_LOCATIONS.length]!,
          certificationStatus: s.status,
          auditStatus: s.audit,
          locationLocked: true,
          creditCode: `9135${String(i).padStart(14, '0')}`,
        })),
      )
      .returning({ id: companies.id });
    const applicants = await db
      .insert(users)
      .values(
        rows.map(({ i }, k) => ({
          companyId: made[k]!.id,
          email: `owner-${i}-${randomUUID().slice(0, 6)}@example.test`,
          firstName: 'Bench',
          lastName: 'Applicant',
          position: 'legalPerson',
          passwordHash: '!bench',
          status: 'active' as const,
        })),
      )
      .returning({ id: users.id });
    const cases = await db
      .insert(certificationApplications)
      .values(
        rows.map(({ i, s, submittedAt }, k) => ({
          companyId: made[k]!.id,
          lifecycleState: s.lifecycleState,
          version: 3,
          submittedData: {
            location: COMPANY_LOCATIONS[i % COMPANY_LOCATIONS.length],
            completeCompanyInfo: { companyType: COMPANY_TYPES[i % COMPANY_TYPES.length] },
          },
          submittedAt,
          submittedBy: applicants[k]!.id,
          decision: s.decision,
          createdAt: submittedAt,
          updatedAt: submittedAt,
        })),
      )
      .returning({ id: certificationApplications.id });
    // A tenth claimed (some by this reviewer), one in fifty with an approval waiting.
    const claimed = cases.filter((_, k) => (from + k) % 10 === 3);
    if (claimed.length > 0)
      await db.insert(caseClaims).values(
        claimed.map((c, k) => ({
          caseKind: 'certification',
          caseId: c.id,
          claimedBy: reviewerId,
          claimedAt: new Date(now),
          expiresAt: new Date(now + (k % 2 === 0 ? 30 : -30) * 60_000),
        })),
      );
    const proposed = cases.filter((_, k) => (from + k) % 50 === 7);
    if (proposed.length > 0)
      await db.insert(approvalProposals).values(
        proposed.map((c) => ({
          caseKind: 'certification',
          caseId: c.id,
          state: 'proposed' as const,
          proposedBy: reviewerId,
          proposedAt: new Date(now),
        })),
      );
  }
}

export async function measure(options: { quick: boolean }): Promise<BenchFigure[]> {
  const rounds = options.quick ? 5 : 40;
  const portal = await startBenchPortal();
  try {
    const db = portal.database.db;
    const [reviewer] = await db
      .insert(users)
      .values({
        email: `bench-reviewer-${randomUUID().slice(0, 8)}@example.test`,
        firstName: 'Bench',
        lastName: 'Reviewer',
        passwordHash: '!bench',
        role: 'reviewer',
        backOfficeRoles: ['reviewer', 'approver'],
        status: 'active',
      })
      .returning({ id: users.id });
    await seed(db, reviewer!.id);
    await portal.database.pool.query('ANALYZE');
    const { token } = await createSessionService(db, { now: () => new Date() }).create(reviewer!.id);

    const ask = async (query: string) => {
      const started = performance.now();
      const answer = await callJson(portal.url, 'GET', `/admin/certifications?${query}`, { token });
      const ms = performance.now() - started;
      if (answer.status !== 200) throw new Error(`queue ${query}: ${answer.status} ${answer.msg}`);
      return ms;
    };
    // Warm the server's statement cache and PostgreSQL's buffers first.
    for (const query of QUERIES) await ask(query);
    const times: number[] = [];
    for (let round = 0; round < rounds; round++) for (const query of QUERIES) times.push(await ask(query));
    return [
      { name: 'queue10kPageP95Ms', value: Math.round(percentile(times, 95) * 10) / 10, unit: 'ms', budget: { max: 100 } },
      { name: 'queue10kPageMedianMs', value: Math.round(median(times) * 10) / 10, unit: 'ms' },
    ];
  } finally {
    await portal.close();
  }
}
