// Issue 31 §2: how the supervisor sums the processes' metrics (observability/metrics/gather.ts),
// with stand-in processes: each peer answers with a registry of its own, as a worker answers over
// its IPC channel. Counters and histograms add up, a peer that does not answer is left out and
// counted missing (not a failed scrape), the shared figures are asked of one peer only, and the
// abuse-pressure gauge shows the highest process's reading.
import { Counter, Gauge, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import type { MetricsRequest } from '../../../src/server/process/messages';
import { createMetricsGatherer, peersOf } from '../../../src/server/observability/metrics/gather';
import { processRegistry } from '../../../src/server/observability/metrics/registry';
import { watchAbusePressure } from '../../../src/server/observability/metrics/recorders';

/** A stand-in worker: its own registry with one counter and one max-aggregated gauge. */
function worker(requests: number, pressure: number) {
  const registry = new Registry();
  registry.setDefaultLabels({ process: 'worker' });
  new Counter({ name: 'test_requests_total', help: 'h', registers: [registry] }).inc(requests);
  new Gauge({ name: 'test_pressure', help: 'h', aggregator: 'max', registers: [registry] }).set(pressure);
  return registry;
}

const valueIn = async (registry: Registry, name: string) =>
  (await registry.getMetricsAsJSON()).find((m) => m.name === name)?.values[0]?.value;

describe('summing the processes', () => {
  it('adds every answer, leaves a silent process out, and asks one process for the shared figures', async () => {
    const gatherer = createMetricsGatherer([new Registry(), processRegistry]);
    const asked: MetricsRequest[] = [];
    const answering = (registry: Registry) => ({
      send: (request: MetricsRequest) => {
        asked.push(request);
        void registry.getMetricsAsJSON().then((json) => gatherer.receive(request.id, [json]));
      },
    });
    const silent = { send: (request: MetricsRequest) => void asked.push(request) };
    const peers = peersOf([answering(worker(3, 0.5)), answering(worker(4, 2)), silent]);

    const summed = await gatherer.gather(peers);
    expect(await valueIn(summed, 'test_requests_total')).toBe(7);
    expect(await valueIn(summed, 'test_pressure')).toBe(2);
    const sources = (await summed.getMetricsAsJSON()).find((m) => m.name === 'portal_metrics_sources');
    expect(sources?.values.map((v) => [v.labels.state, v.value])).toEqual([
      ['answered', 2],
      ['missing', 1],
    ]);
    expect(asked.map((r) => r.shared)).toEqual([true, false, false]);
    expect(new Set(asked.map((r) => r.id)).size).toBe(3);
  });

  it('reads a watched pressure at each scrape, keeping the last value when the reader fails', async () => {
    let reading: number | Error = 1.5;
    watchAbusePressure('test', async () => {
      if (reading instanceof Error) throw reading;
      return reading;
    });
    const pressureOf = async () =>
      (await processRegistry.getMetricsAsJSON())
        .find((m) => m.name === 'portal_abuse_pressure')
        ?.values.find((v) => v.labels.source === 'test')?.value;
    expect(await pressureOf()).toBe(1.5);
    reading = 3;
    expect(await pressureOf()).toBe(3);
    reading = new Error('database away');
    expect(await pressureOf()).toBe(3);
  });
});
