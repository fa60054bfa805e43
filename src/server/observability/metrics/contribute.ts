// A process's side of the aggregation (issue 31 §2): it answers the supervisor's metricsRequest over
// its IPC channel with its registries as JSON. HTTP workers call this once they listen; the engine
// process (src/server/engine/, or any other process the supervisor forks with an IPC channel, cluster
// or child_process.fork) calls it the same way with its own role, and its figures join /metrics.
import { isMetricsRequest, tellSupervisor, type MetricsRequest } from '../../process/messages';
import {
  processRegistry,
  sharedRegistry,
  startProcessMetrics,
  type MetricsJson,
  type ProcessRole,
} from './registry';

let answering = false;

async function answer(request: MetricsRequest) {
  let registries: MetricsJson[];
  try {
    registries = [
      await processRegistry.getMetricsAsJSON(),
      ...(request.shared ? [await sharedRegistry.getMetricsAsJSON()] : []),
    ];
  } catch {
    // A collector that threw leaves this process out of one scrape; the supervisor counts it missing.
    registries = [];
  }
  tellSupervisor({ type: 'portal:metrics', id: request.id, registries });
}

/** Starts answering the supervisor's metric requests (once per process). */
export function contributeMetrics(role: ProcessRole): void {
  startProcessMetrics(role);
  if (answering || !process.send) return;
  answering = true;
  process.on('message', (message: unknown) => {
    if (isMetricsRequest(message)) void answer(message);
  });
}
