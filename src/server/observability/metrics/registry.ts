// The metrics of one process (issue 31 §2; docs/decisions/metrics.md). Two registries, because an
// `npm start` tree has several processes and `/metrics` shows them as one portal:
// - `processRegistry`: what this process itself counts (HTTP latency, face checks, its database
//   pool, Node's own figures). Every process of the tree contributes one and the supervisor sums
//   them; the `process` label (worker | supervisor | engine) keeps the roles apart.
// - `sharedRegistry`: what is the same whichever process reads it (the mail outbox, the review
//   queues: rows in PostgreSQL). The supervisor asks one process for it per scrape, never all.
import { collectDefaultMetrics, Registry } from 'prom-client';

/** One registry's metrics as JSON, as they travel over a process channel to be summed. */
export type MetricsJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

export type ProcessRole = 'worker' | 'supervisor' | 'engine';

export const processRegistry = new Registry();
export const sharedRegistry = new Registry();

let startedAs: ProcessRole | undefined;

/**
 * Names this process's role and starts Node's default metrics (CPU, memory, heap, GC, handles,
 * event-loop delay). Once per process: the first role given stays (a test process builds many apps).
 */
export function startProcessMetrics(role: ProcessRole): void {
  if (startedAs) return;
  startedAs = role;
  processRegistry.setDefaultLabels({ process: role });
  collectDefaultMetrics({ register: processRegistry });
}
