// The metrics endpoint (issue 31 §2): GET /metrics on its own port, never on the public one, bound
// to 127.0.0.1 unless METRICS_HOST says otherwise (config.ts then asks for METRICS_TOKEN too).
// A plain node:http server: nothing of the portal's request pipeline (hooks, envelope, limits)
// runs for a scrape, and a scrape is not counted among the portal's requests.
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export interface MetricsServerOptions {
  host: string;
  /** 0: any free port (tests). */
  port: number;
  /** When set, a scrape must send `Authorization: Bearer <token>`. */
  token: string | undefined;
  /** The registry to show, built per scrape (the supervisor's aggregate, or one process's own). */
  collect: () => Promise<Registry>;
  onError?: (error: unknown) => void;
}

export interface MetricsServer {
  /** http://host:port/metrics */
  url: string;
  close(): Promise<void>;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries the token (compared in constant time, whatever its length). */
function authorised(header: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true;
  const match = /^Bearer (.+)$/.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

export async function startMetricsServer(options: MetricsServerOptions): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    if (!authorised(request.headers.authorization, options.token)) {
      response
        .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer realm="metrics"' })
        .end('METRICS_TOKEN required\n');
      return;
    }
    options
      .collect()
      .then(async (registry) => {
        const body = await registry.metrics();
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      })
      .catch((error: unknown) => {
        options.onError?.(error);
        response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n');
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
