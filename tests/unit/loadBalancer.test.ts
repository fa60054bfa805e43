// The `start:two` load balancer (src/tools/loadBalancer.ts, on http-proxy) against plain HTTP
// upstreams, one rule at a time: round robin, a refused connection sent to the next upstream with
// its body and one X-Forwarded-For entry, an event stream passed on as it is written, an upstream
// cut mid-answer cutting the client's answer, and 502 when no upstream answers. The portal itself
// behind it is the two-instance test's subject (tests/server/process/twoInstances.test.ts).
import { createServer, request, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startLoadBalancer, type LoadBalancer } from '../../src/tools/loadBalancer';

interface Seen {
  method: string;
  body: string;
  headers: IncomingHttpHeaders;
}

interface Upstream {
  url: string;
  seen: Seen[];
  server: Server;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve(`http://127.0.0.1:${port}`);
    }),
  );
}

/** An upstream that answers its own name and the body it read, unless `handle` answers instead. */
async function upstream(name: string, handle?: (res: ServerResponse) => void): Promise<Upstream> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      seen.push({ method: req.method ?? '', body, headers: req.headers });
      if (handle) return handle(res);
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`${name}:${body}`);
    });
  });
  const url = await listen(server);
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url, seen, server };
}

/** An address nothing listens on: a port the system gave out and took back. */
async function deadUrl(): Promise<string> {
  const server = createServer();
  const url = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return url;
}

async function balancer(upstreams: string[]): Promise<LoadBalancer> {
  const started = await startLoadBalancer(upstreams);
  closers.push(() => started.close());
  return started;
}

describe('the load balancer', () => {
  it('hands requests to the upstreams in turn and counts what each answered', async () => {
    const [one, two] = await Promise.all([upstream('one'), upstream('two')]);
    const lb = await balancer([one.url, two.url]);
    const answers: string[] = [];
    for (let i = 0; i < 4; i++) answers.push(await (await fetch(`${lb.url}/x`)).text());
    expect(answers).toEqual(['one:', 'two:', 'one:', 'two:']);
    expect([...lb.served.values()]).toEqual([2, 2]);
    expect(lb.retried).toBe(0);
  });

  it('sends a request whose connection is refused to the next upstream, body and all, forwarded once', async () => {
    const live = await upstream('live');
    const lb = await balancer([await deadUrl(), live.url]);
    const body = 'x'.repeat(200_000);
    const answer = await fetch(`${lb.url}/submit`, { method: 'POST', body });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(`live:${body}`);
    expect(lb.retried).toBe(1);
    expect(live.seen).toHaveLength(1);
    expect(live.seen[0]!.method).toBe('POST');
    expect(live.seen[0]!.headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('passes an event stream on as it is written, not when it ends', async () => {
    let rest: (() => void) | undefined;
    const events = await upstream('events', (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: first\n\n');
      rest = () => res.end('data: second\n\n');
    });
    const lb = await balancer([events.url]);
    const answer = await fetch(`${lb.url}/events`);
    const reader = answer.body!.pipeThrough(new TextDecoderStream()).getReader();
    // The upstream has not ended: the first event must already be through.
    expect((await reader.read()).value).toBe('data: first\n\n');
    rest!();
    expect((await reader.read()).value).toBe('data: second\n\n');
    expect((await reader.read()).done).toBe(true);
  });

  it("cuts the client's answer when the upstream's is cut midway", async () => {
    const dying = await upstream('dying', (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: first\n\n', () => setImmediate(() => res.socket?.destroy()));
    });
    const lb = await balancer([dying.url]);
    const ended = await new Promise<string>((resolve) => {
      const req = request(`${lb.url}/events`, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve('ended'));
        res.on('error', () => resolve('cut'));
        res.on('close', () => resolve(res.complete ? 'ended' : 'cut'));
      });
      req.on('error', () => resolve('cut'));
      req.end();
    });
    expect(ended).toBe('cut');
  });

  it('answers 502 when no upstream takes the connection', async () => {
    const lb = await balancer([await deadUrl(), await deadUrl()]);
    const answer = await fetch(`${lb.url}/x`);
    expect(answer.status).toBe(502);
    expect(lb.retried).toBe(1);
  });
});
