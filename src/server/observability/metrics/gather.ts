// The supervisor's side of the aggregation (issue 31 §2): on each scrape it asks every process of
// the tree for its registries over the IPC channel it already has (cluster workers today, an engine
// process forked with child_process tomorrow: anything with `send`), waits a bounded time, and sums
// the answers with its own registry by prom-client's AggregatorRegistry.aggregate (each metric's
// `aggregator`: sum by default, max or average where a sum means nothing). Not prom-client's
// clusterMetrics(): it knows only cluster workers, and one worker that does not answer (it is
// being replaced) fails the whole scrape after 5 s; here that worker is left out and counted.
import { AggregatorRegistry, Gauge, type Registry } from 'prom-client';
import type { MetricsRequest } from '../../process/messages';
import { processRegistry, type MetricsJson } from './registry';

/** A process that can be asked for its metrics. */
export interface MetricsPeer {
  send(request: MetricsRequest): void;
  /** Whether this one also reads the shared figures (exactly one peer per scrape should). */
  shared: boolean;
}

/**
 * The peers of one scrape: every process that can be asked, the first of them also for the shared
 * figures (rows in PostgreSQL: asked of every process, the sum would count them once per worker).
 */
export function peersOf(channels: { send(request: MetricsRequest): void }[]): MetricsPeer[] {
  return channels.map((channel, i) => ({ shared: i === 0, send: (request) => channel.send(request) }));
}

/** How long a scrape waits for a process: a busy worker answers within its event loop's delay. */
export const PEER_TIMEOUT_MS = 2_000;

const sourcesGauge = new Gauge({
  name: 'portal_metrics_sources',
  help: 'Processes asked at the last scrape, by whether they answered in time.',
  labelNames: ['state'],
  registers: [processRegistry],
});

export interface MetricsGatherer {
  /** Asks the peers, sums their answers with this process's registries. */
  gather(peers: MetricsPeer[]): Promise<Registry>;
  /** An answer from a peer (the supervisor's message handler hands it here). */
  receive(id: number, registries: MetricsJson[]): void;
}

export function createMetricsGatherer(own: Registry[] = [processRegistry]): MetricsGatherer {
  let nextId = 1;
  const waiting = new Map<number, (registries: MetricsJson[] | null) => void>();

  const ask = (peer: MetricsPeer) =>
    new Promise<MetricsJson[] | null>((resolve) => {
      const id = nextId++;
      const timer = setTimeout(() => settle(null), PEER_TIMEOUT_MS);
      function settle(registries: MetricsJson[] | null) {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(registries);
      }
      waiting.set(id, settle);
      try {
        peer.send({ type: 'portal:metricsRequest', id, shared: peer.shared });
      } catch {
        settle(null); // its channel closed: it is going away
      }
    });

  return {
    async gather(peers) {
      const answers = await Promise.all(peers.map(ask));
      const answered = answers.filter((a): a is MetricsJson[] => a !== null && a.length > 0);
      sourcesGauge.set({ state: 'answered' }, answered.length);
      sourcesGauge.set({ state: 'missing' }, peers.length - answered.length);
      const mine = await Promise.all(own.map((registry) => registry.getMetricsAsJSON()));
      return AggregatorRegistry.aggregate([...mine, ...answered.flat()]);
    },
    receive(id, registries) {
      waiting.get(id)?.(registries);
    },
  };
}
