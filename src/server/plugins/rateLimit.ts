// Per-IP rate limits whose counters live in PostgreSQL, so two API instances count as one portal
// (docs/architecture.md "More than one instance"). Routes opt in with `config: { rateLimit: {...} }`.
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Pool } from 'pg';
import type { Clock } from '../types';
import { AppError } from '../errors';
import { countRateLimited } from '../observability/metrics/recorders';

const UPSERT = `
  INSERT INTO rate_limit_counters (key, count, reset_at) VALUES ($1, 1, $2::timestamptz + ($3 || ' milliseconds')::interval)
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN rate_limit_counters.reset_at <= $2::timestamptz THEN 1 ELSE rate_limit_counters.count + 1 END,
    reset_at = CASE WHEN rate_limit_counters.reset_at <= $2::timestamptz
      THEN $2::timestamptz + ($3 || ' milliseconds')::interval ELSE rate_limit_counters.reset_at END
  RETURNING count, reset_at`;

function postgresStore(pool: Pool, clock: Clock) {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(private readonly prefix = 'global:') {}
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const now = clock.now();
      pool
        .query<{ count: number; reset_at: Date }>(UPSERT, [
          this.prefix + key,
          now.toISOString(),
          String(timeWindow),
        ])
        .then((r) => {
          const row = r.rows[0]!;
          callback(null, { current: row.count, ttl: Math.max(0, row.reset_at.getTime() - now.getTime()) });
        })
        .catch((err: Error) => callback(err));
    }
    // @fastify/rate-limit hands the route under `routeInfo`: each limited route counts on its own.
    // (The typings say RouteOptions; the object at run time carries the route under `routeInfo`.)
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      const route =
        (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
      return new PostgresRateLimitStore(`${method ?? ''}:${route.url ?? ''}:`);
    }
  }
  return PostgresRateLimitStore;
}

export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, {
      global: false,
      store: postgresStore(app.pool, app.clock) as never,
      // A database hiccup must not lock everybody out, nor let the request through unlimited forever:
      // the request goes on and the fault is logged.
      skipOnError: true,
      // The wait travels in the envelope too, so a page can say when to try again (issue 20 §4).
      errorResponseBuilder: (request, context) => {
        countRateLimited(`${request.method} ${request.routeOptions.url ?? ''}`);
        return new AppError('rateLimited', 429, { retryAfterMs: context.ttl });
      },
    });
  },
  { name: 'rate-limit', dependencies: ['db'] },
);
