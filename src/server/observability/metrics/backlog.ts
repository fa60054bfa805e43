// What waits, read from PostgreSQL when scraped (issue 31 §2): the mail outbox's depth and the age of
// its oldest undelivered message, the review queues' sizes and how long their oldest case has
// waited. One statement for all of them, its answer kept a few seconds, so several scrapers (or a
// scraper asking often) cost one query per interval. These live in the shared registry: the
// supervisor asks one process for them, not every worker.
import type { Pool } from 'pg';
import { Gauge } from 'prom-client';
import { sharedRegistry } from './registry';

/** How long one answer serves further scrapes. */
export const BACKLOG_CACHE_MS = 5_000;

// Counts use outbox_due_idx (status first); the application tables hold one row per company.
// Ages come from the database's clock: the rows' times are written from it or from real time.
const BACKLOG_SQL = `
  SELECT 'outbox' AS what, count(*)::int AS waiting,
         extract(epoch FROM now() - min(created_at))::float8 AS oldest
    FROM outbox WHERE status = 'pending'
  UNION ALL
  SELECT 'outboxFailed', count(*)::int, NULL FROM outbox WHERE status = 'failed'
  UNION ALL
  SELECT 'certification', count(*)::int, extract(epoch FROM now() - min(submitted_at))::float8
    FROM certification_applications WHERE lifecycle_state = 'underReview'
  UNION ALL
  SELECT 'card', count(*)::int, extract(epoch FROM now() - min(submitted_at))::float8
    FROM card_applications WHERE state = 'under_review'`;

interface BacklogRow {
  what: 'outbox' | 'outboxFailed' | 'certification' | 'card';
  waiting: number;
  oldest: number | null;
}
type Backlog = Map<BacklogRow['what'], BacklogRow>;

const sources: Pool[] = [];
let cached: { at: number; answer: Promise<Backlog | null> } | undefined;

/** The pool the backlog is read with (the first app's of this process that is still open). */
export function useBacklogSource(pool: Pool): void {
  sources.push(pool);
}

export function releaseBacklogSource(pool: Pool): void {
  const at = sources.indexOf(pool);
  if (at >= 0) sources.splice(at, 1);
  cached = undefined;
}

/** The backlog, from the cache when fresh; null when there is no database or the query failed. */
function readBacklog(): Promise<Backlog | null> {
  const now = Date.now();
  if (cached && now - cached.at < BACKLOG_CACHE_MS) return cached.answer;
  const pool = sources[0];
  const answer = pool
    ? pool
        .query<BacklogRow>(BACKLOG_SQL)
        .then((result) => new Map(result.rows.map((row) => [row.what, row])))
        // A scrape during a database outage shows no backlog figures rather than failing whole;
        // the pool figures beside them tell why.
        .catch(() => null)
    : Promise.resolve(null);
  cached = { at: now, answer };
  return answer;
}

const age = (row: BacklogRow | undefined) => Math.max(0, row?.oldest ?? 0);

function backlogGauge(
  name: string,
  help: string,
  labelNames: string[],
  fill: (gauge: Gauge, backlog: Backlog) => void,
) {
  return new Gauge({
    name,
    help,
    labelNames,
    aggregator: 'max',
    registers: [sharedRegistry],
    async collect() {
      const backlog = await readBacklog();
      this.reset();
      if (backlog) fill(this, backlog);
    },
  });
}

backlogGauge(
  'portal_mail_outbox_messages',
  'Mail in the outbox not yet delivered (pending, retries included) or given up (failed).',
  ['status'],
  (gauge, backlog) => {
    gauge.set({ status: 'pending' }, backlog.get('outbox')?.waiting ?? 0);
    gauge.set({ status: 'failed' }, backlog.get('outboxFailed')?.waiting ?? 0);
  },
);
backlogGauge(
  'portal_mail_outbox_oldest_pending_age_seconds',
  'Age of the oldest undelivered message in the outbox (0 when none waits).',
  [],
  (gauge, backlog) => gauge.set(age(backlog.get('outbox'))),
);
const QUEUES = ['certification', 'card'] as const;
backlogGauge(
  'portal_review_queue_cases',
  'Cases waiting for a review decision (under review), by queue.',
  ['queue'],
  (gauge, backlog) => {
    for (const queue of QUEUES) gauge.set({ queue }, backlog.get(queue)?.waiting ?? 0);
  },
);
backlogGauge(
  'portal_review_queue_oldest_age_seconds',
  'How long the oldest case under review has waited since it was submitted (0 when none waits), by queue.',
  ['queue'],
  (gauge, backlog) => {
    for (const queue of QUEUES) gauge.set({ queue }, age(backlog.get(queue)));
  },
);
