// A load balancer in a few lines, for trying several instances on one machine
// (`npm run start:two`) and for the two-instance test: round robin over the upstreams; a request
// whose connection an upstream refuses is sent to the next one (a dead instance refuses, so
// nothing was sent to it). Bodies are buffered so that they can be sent again (uploads are at most
// 10 MB). X-Forwarded-For carries the client's address, for instances with TRUST_PROXY set.
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** Requests each upstream answered, by upstream URL. */
  served: Map<string, number>;
  /** Requests sent to another upstream because one refused the connection. */
  readonly retried: number;
  close(): Promise<void>;
}

export async function startRoundRobinProxy(
  upstreams: readonly string[],
  listen: { host?: string; port?: number } = {},
): Promise<RoundRobinProxy> {
  let next = 0;
  let retried = 0;
  const served = new Map(upstreams.map((u) => [u, 0]));
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('error', () => res.destroy()); // the client went away mid-request
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress]
        .filter(Boolean)
        .join(', ');
      const attempt = (tries: number) => {
        const upstream = upstreams[next++ % upstreams.length]!;
        const target = new URL(upstream);
        const forward = httpRequest(
          {
            host: target.hostname,
            port: target.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, 'x-forwarded-for': forwardedFor },
            // A new connection per request: a dead instance then refuses it (safe to send
            // elsewhere) instead of a pooled socket dying under a request already sent.
            agent: false,
          },
          (answer) => {
            served.set(upstream, (served.get(upstream) ?? 0) + 1);
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            // An instance dying mid-answer cuts this answer; without a listener the error would
            // stop the proxy itself.
            answer.on('error', () => res.destroy());
            answer.pipe(res);
          },
        );
        forward.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNREFUSED' && tries < upstreams.length && !res.headersSent) {
            retried++;
            attempt(tries + 1);
          } else if (!res.headersSent) {
            res.writeHead(502, { 'content-type': 'text/plain' }).end('no instance answered');
          } else res.destroy(error);
        });
        forward.end(body);
      };
      attempt(1);
    });
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
        server.close(() => resolve());
      }),
  };
}
