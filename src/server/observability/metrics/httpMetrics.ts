// The per-request part of the metrics (issue 31 §2): one histogram observation when a response has
// been sent, labelled with the route's pattern (never the raw URL: ids and tokens would make a new
// series each) and the status. Plus this app's database pool, read at scrape time, and the app's
// database handed to the backlog gauges. Nothing else runs per request.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Pool } from 'pg';
import { Gauge, Histogram } from 'prom-client';
import { releaseBacklogSource, useBacklogSource } from './backlog';
import { processRegistry, startProcessMetrics } from './registry';

const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status code; _count is the number of requests.',
  labelNames: ['method', 'route', 'status_code'],
  // Around the API's budget (p99 ≤ 25 ms) finely, then up to a slow upload.
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});

/** Requests no route matched (404s of probes and typos): one series, whatever the URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The series of each method, route and status, looked up by one string instead of a labels object
 * built per request (prom-client's own lookup still runs in observe). A route's statuses are few,
 * and routes are patterns, so the map stays small.
 */
const series = new Map<string, ReturnType<typeof httpDuration.labels>>();

function observe(request: FastifyRequest, reply: FastifyReply, done: () => void) {
  const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
  const key = `${request.method} ${reply.statusCode} ${route}`;
  let child = series.get(key);
  if (!child) {
    child = httpDuration.labels({ method: request.method, route, status_code: reply.statusCode });
    series.set(key, child);
  }
  child.observe(reply.elapsedTime / 1000);
  done();
}

/** The pools of the apps of this process (one in production; a test process may build several). */
const pools = new Set<Pool>();
const sumOf = (read: (pool: Pool) => number) => [...pools].reduce((sum, pool) => sum + read(pool), 0);

function poolGauge(name: string, help: string, read: (pool: Pool) => number) {
  return new Gauge({
    name,
    help,
    registers: [processRegistry],
    collect() {
      this.set(sumOf(read));
    },
  });
}
poolGauge(
  'portal_db_pool_connections',
  'Open database connections (pg Pool totalCount).',
  (p) => p.totalCount,
);
poolGauge(
  'portal_db_pool_idle_connections',
  'Idle database connections (pg Pool idleCount).',
  (p) => p.idleCount,
);
poolGauge(
  'portal_db_pool_waiting_clients',
  'Queries waiting for a database connection (pg Pool waitingCount).',
  (p) => p.waitingCount,
);
poolGauge(
  'portal_db_pool_max_connections',
  'The pools’ connection ceiling (pg Pool options.max).',
  (p) => p.options.max ?? 10,
);

export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    startProcessMetrics('worker');
    pools.add(app.pool);
    useBacklogSource(app.pool);
    app.addHook('onResponse', observe);
    app.addHook('onClose', async () => {
      pools.delete(app.pool);
      releaseBacklogSource(app.pool);
    });
  },
  { name: 'metrics', dependencies: ['db'] },
);
