// Issue 31 §2: the metrics endpoint of `npm start` — the real supervisor with two HTTP workers. It is
// served on its own port (127.0.0.1), never on the public one, and only with the bearer token; its
// numbers move with what the portal does (requests by route and status, a face check, a slider
// puzzle, a rate-limited request, a queued mail, a certification waiting for review), and requests
// answered by both workers are all counted (the supervisor sums every worker's registry).
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaceCaptureRules } from '../../../src/contract/api/verification';
import { outbox } from '../../../src/server/db/schema/outbox';
import { portalAsTestApp, type FaultPortal } from '../../support/faultPortal';
import { waitUntil } from '../../support/faultWait';
import { readyApplicant, submit } from '../certification/support';
import { capture, faceImage, scannedSession } from '../verification/support';
import { openWorld, type World } from './support';

const TOKEN = 'metrics-test-token-0123456789';
const METRICS_LINE = /Metrics on (http:\/\/\S+)/;

let world: World;
let portal: FaultPortal;
let metricsUrl: string;

beforeAll(async () => {
  world = await openWorld('metrics');
  portal = await world.start({
    WORKERS: '2',
    METRICS_PORT: '0',
    METRICS_TOKEN: TOKEN,
    FACE_PROVIDER: 'builtin',
  });
  const line = METRICS_LINE.exec(portal.process.output());
  if (!line?.[1]) throw new Error(`no metrics line in the output:\n${portal.process.output()}`);
  metricsUrl = line[1];
}, 180_000);
afterAll(async () => world?.close());

/** One series of the exposition: its name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of the series of `name` whose labels include `labels`. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

async function scrape(): Promise<Sample[]> {
  const response = await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  return parse(await response.text());
}

/** One request on a connection of its own: the cluster hands new connections to the workers in turn. */
function getOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

const unmatched404 = { method: 'GET', route: 'unmatched', status_code: '404', process: 'worker' };

describe('the metrics endpoint', () => {
  it('is on its own loopback port, behind the token, and not on the public port', async () => {
    expect(new URL(metricsUrl).hostname).toBe('127.0.0.1');
    expect(new URL(metricsUrl).port).not.toBe(new URL(portal.url).port);
    expect((await fetch(metricsUrl)).status).toBe(401);
    const wrong = await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Bearer/);
    // The public port has no such path, with or without the token.
    for (const path of ['/metrics', '/plat/metrics']) {
      const response = await fetch(`${portal.url}${path}`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('http_request_duration_seconds');
    }
    // Both workers and the engine process (issue 31 §1; it may be ready a moment after the workers)
    // answered, and the supervisor's own process figures are there beside theirs.
    const samples = await waitUntil(
      async () => {
        const now = await scrape();
        return valueOf(now, 'portal_metrics_sources', { state: 'answered' }) === 3 ? now : undefined;
      },
      'both workers and the engine process to answer a scrape',
      30_000,
      200,
    );
    expect(valueOf(samples, 'process_resident_memory_bytes', { process: 'engine' })).toBeGreaterThan(0);
    expect(valueOf(samples, 'portal_metrics_sources', { state: 'missing' })).toBe(0);
    expect(valueOf(samples, 'process_resident_memory_bytes', { process: 'supervisor' })).toBeGreaterThan(0);
    expect(valueOf(samples, 'process_resident_memory_bytes', { process: 'worker' })).toBeGreaterThan(0);
    expect(valueOf(samples, 'portal_db_pool_max_connections', { process: 'worker' })).toBeGreaterThan(0);
    expect(samples.some((s) => s.name.startsWith('nodejs_eventloop_lag_p99_seconds'))).toBe(true);
  });

  it('counts every request of both workers by route pattern and status', async () => {
    const before = await scrape();
    const sent = 40;
    for (let i = 0; i < sent; i++) {
      // Different URLs, one series: the route pattern, never the raw URL.
      expect(await getOnNewConnection(`${portal.url}/plat/no-such-route/${i}`)).toBe(404);
    }
    const after = await scrape();
    const counted = (s: Sample[]) => valueOf(s, 'http_request_duration_seconds_count', unmatched404);
    // 40 connections handed out in turn land on both workers: only a sum of both counts all 40.
    expect(counted(after) - counted(before)).toBe(sent);
    expect(
      valueOf(after, 'http_request_duration_seconds_bucket', { ...unmatched404, le: '+Inf' }) -
        valueOf(before, 'http_request_duration_seconds_bucket', { ...unmatched404, le: '+Inf' }),
    ).toBe(sent);
    expect(after.some((s) => s.labels.route?.includes('no-such-route'))).toBe(false);
  });

  it('moves with a face check, a puzzle, a refused request, a queued mail and a case under review', async () => {
    const before = await scrape();
    const onPortal = portalAsTestApp(world.services, portal.url);

    // A certification submitted: one case waits in the certification queue.
    const { caller } = await readyApplicant(onPortal);
    const submitted = await submit(onPortal, caller);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);

    // A slider puzzle served.
    expect((await fetch(`${portal.url}/plat/ums/captcha`)).status).toBe(200);

    // The support form allows 3 messages per 10 minutes from one address: three bad bodies (400,
    // counted by the limit), then the fourth is refused by the limit (429).
    const post = () =>
      fetch(`${portal.url}/plat/support/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }).then((r) => r.status);
    const statuses = [await post(), await post(), await post(), await post()];
    expect(statuses).toEqual([400, 400, 400, 429]);

    // A mail whose next attempt is an hour away: it waits in the outbox.
    await world.services.db.insert(outbox).values({
      to: 'ops-metrics@example.com',
      locale: 'en-us',
      template: 'supportMessage',
      vars: {},
      nextAttemptAt: new Date(Date.now() + 3_600_000),
    });
    // A face check through the portal (the engine-free provider), by another company.
    const checked = await world.applicant();
    const session = await scannedSession(onPortal, checked.signedIn);
    const frames = Array.from({ length: FaceCaptureRules.camera.minFrames }, () => faceImage());
    const captured = await capture(onPortal, session.key, faceImage(), { frames });
    expect(captured.status, JSON.stringify(captured.body)).toBe(200);

    // The backlog figures are read at most every few seconds: poll until the fresh answer is in.
    const after = await waitUntil(
      async () => {
        const samples = await scrape();
        return valueOf(samples, 'portal_review_queue_cases', { queue: 'certification' }) >= 1 &&
          valueOf(samples, 'portal_mail_outbox_messages', { status: 'pending' }) >= 1
          ? samples
          : undefined;
      },
      'the backlog figures to show the queued mail and the submitted case',
      30_000,
      500,
    );
    const moved = (name: string, labels: Record<string, string> = {}) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);

    expect(moved('portal_face_check_duration_seconds_count', { outcome: 'verified', source: 'camera' })).toBe(
      1,
    );
    expect(moved('portal_captcha_total', { event: 'served' })).toBe(1);
    expect(moved('portal_rate_limited_total', { limit: 'POST /plat/support/messages' })).toBe(1);
    const supportRoute = { method: 'POST', route: '/plat/support/messages' };
    expect(moved('http_request_duration_seconds_count', { ...supportRoute, status_code: '400' })).toBe(3);
    expect(moved('http_request_duration_seconds_count', { ...supportRoute, status_code: '429' })).toBe(1);
    expect(
      moved('http_request_duration_seconds_count', { route: '/plat/kyb/submit', status_code: '200' }),
    ).toBe(1);

    // The backlog: the queue and the outbox hold one more, and their oldest has waited a while.
    expect(valueOf(before, 'portal_review_queue_cases', { queue: 'certification' })).toBe(0);
    expect(valueOf(before, 'portal_review_queue_oldest_age_seconds', { queue: 'certification' })).toBe(0);
    expect(valueOf(after, 'portal_review_queue_cases', { queue: 'certification' })).toBe(1);
    expect(
      valueOf(after, 'portal_review_queue_oldest_age_seconds', { queue: 'certification' }),
    ).toBeGreaterThan(0);
    expect(valueOf(after, 'portal_review_queue_cases', { queue: 'card' })).toBe(0);
    expect(moved('portal_mail_outbox_messages', { status: 'pending' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, 'portal_mail_outbox_oldest_pending_age_seconds')).toBeGreaterThan(0);
    // Read once per scrape, by one worker: the figures are not doubled by the sum over workers.
    expect(after.filter((s) => s.name === 'portal_review_queue_cases')).toHaveLength(2);
    expect(valueOf(after, 'portal_db_pool_connections', { process: 'worker' })).toBeGreaterThan(0);
  }, 180_000);
});
