// What a worker tells the supervisor over the cluster's IPC channel, and the one thing the supervisor
// asks (its metrics). (The supervisor tells a worker to stop with SIGTERM, the same signal a service
// manager would send it.) Any other process the supervisor forks (the engine) may speak the same.
import type { MetricsJson } from '../observability/metrics/registry';

export type WorkerMessage =
  /** The worker accepts connections. */
  | { type: 'portal:listening'; port: number }
  /** The worker could not start (bad database, port taken…): the message is the cause. */
  | { type: 'portal:startFailed'; message: string; stack?: string }
  /** A fault escaped every handler: the worker drains and exits; replace it now. */
  | { type: 'portal:fault'; message: string }
  /** The engine process serves its socket (engine/engineMain.ts). */
  | { type: 'portal:engineReady'; pid: number }
  /** The answer to a metricsRequest: each registry's getMetricsAsJSON() (observability/metrics/). */
  | { type: 'portal:metrics'; id: number; registries: MetricsJson[] };

/** What the supervisor asks: this process's metrics, with the shared ones (the backlog) if `shared`. */
export interface MetricsRequest {
  type: 'portal:metricsRequest';
  id: number;
  shared: boolean;
}

export function isMetricsRequest(value: unknown): value is MetricsRequest {
  return (value as { type?: unknown } | null)?.type === 'portal:metricsRequest';
}

export function isWorkerMessage(value: unknown): value is WorkerMessage {
  const type = (value as { type?: unknown } | null)?.type;
  return typeof type === 'string' && type.startsWith('portal:');
}

/** Sends to the supervisor if there is one (a worker started by hand has no IPC channel). */
export function tellSupervisor(message: WorkerMessage): void {
  if (process.send && process.connected) process.send(message);
}
