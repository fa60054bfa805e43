// A load balancer for trying several instances on one machine (`npm run start:two`) and for the
// two-instance test, built on `http-proxy` (a maintained proxy) rather than hand-written
// forwarding. What is ours is only the choice of upstream: round robin, and a request whose
// connection an upstream refuses goes to the next one — a dead instance refuses, so nothing was
// sent to it, which is what a load balancer's health check achieves. Bodies stream through; a
// request's body is kept only until its upstream accepts the connection, so that a refused one can
// be sent again. Server-sent events stream through unbuffered (the portal sends
// `X-Accel-Buffering: no` for the proxies that buffer). X-Forwarded-For carries the client's
// address, for instances with TRUST_PROXY set.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import httpProxy from 'http-proxy';

export interface LoadBalancer {
  url: string;
  /** Answers each upstream gave, by upstream URL. */
  served: Map<string, number>;
  /** Requests sent to another upstream because one refused the connection. */
  readonly retried: number;
  close(): Promise<void>;
}

/** What one request has sent so far: its upstream, and its body until an upstream accepts it. */
interface Attempt {
  upstream: string;
  body: Buffer[] | null;
}

/** The headers `xfwd` appends to; restored before a retry so the address is not appended twice. */
const FORWARDED = ['x-forwarded-for', 'x-forwarded-port', 'x-forwarded-proto'] as const;

export async function startLoadBalancer(
  upstreams: readonly string[],
  listen: { host?: string; port?: number } = {},
): Promise<LoadBalancer> {
  let next = 0;
  let retried = 0;
  const served = new Map(upstreams.map((u) => [u, 0]));
  const attempts = new WeakMap<IncomingMessage, Attempt>();
  const proxy = httpProxy.createProxyServer({ xfwd: true });

  proxy.on('proxyReq', (proxyReq, req) => {
    // Accepted: from here the body is the upstream's, and nothing needs keeping for a retry.
    proxyReq.socket?.once('connect', () => {
      const attempt = attempts.get(req);
      if (attempt) attempt.body = null;
    });
  });
  proxy.on('proxyRes', (proxyRes, req, res) => {
    const upstream = attempts.get(req)?.upstream;
    if (upstream) served.set(upstream, (served.get(upstream) ?? 0) + 1);
    // An instance dying mid-answer (an event stream, a download): http-proxy would leave the
    // client waiting on a half answer; cutting it lets the client see the loss and reconnect.
    proxyRes.once('close', () => {
      if (!proxyRes.complete) res.destroy();
    });
  });
  // The client went away mid-request: http-proxy aborts the upstream request; nothing to answer.
  proxy.on('econnreset', () => undefined);

  const send = (req: IncomingMessage, res: ServerResponse, tries: number, forwarded: Headers) => {
    const attempt = attempts.get(req)!;
    attempt.upstream = upstreams[next++ % upstreams.length]!;
    for (const name of FORWARDED) {
      const value = forwarded[name];
      if (value === undefined) delete req.headers[name];
      else req.headers[name] = value;
    }
    const replay = tries > 1 ? Readable.from(attempt.body ?? []) : undefined;
    proxy.web(req, res, { target: attempt.upstream, buffer: replay }, (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' && tries < upstreams.length && !res.headersSent && attempt.body) {
        retried++;
        const again = () => send(req, res, tries + 1, forwarded);
        if (req.complete) again();
        else req.once('end', again).resume();
      } else if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'text/plain' }).end('no instance answered');
      } else res.destroy(error);
    });
  };

  const server = createServer((req, res) => {
    const attempt: Attempt = { upstream: '', body: [] };
    attempts.set(req, attempt);
    const forwarded: Headers = Object.fromEntries(FORWARDED.map((name) => [name, req.headers[name]]));
    send(req, res, 1, forwarded);
    // Kept alongside http-proxy's own pipe (attached in the same tick, so no chunk is missed)
    // until an upstream accepts the connection.
    req.on('data', (chunk: Buffer) => attempt.body?.push(chunk));
  });
  await new Promise<void>((resolve) => server.listen(listen.port ?? 0, listen.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.address}:${address.port}`,
    served,
    get retried() {
      return retried;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          proxy.close();
          resolve();
        });
      }),
  };
}

type Headers = Partial<Record<(typeof FORWARDED)[number], string | string[]>>;
