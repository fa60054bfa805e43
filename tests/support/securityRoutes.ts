// Every API route of a built app, read from the app itself, so that a route added tomorrow is in
// the security suites (fuzz, access matrix) without anybody remembering to list it.
import type { FastifyInstance } from 'fastify';

export interface ApiRoute {
  method: string;
  /** As registered, with its parameters: `/plat/files/:id`. */
  url: string;
  /** `GET /plat/files/:id`: how the suites name a route in their tables. */
  key: string;
}

/**
 * Fastify has no public route list; `printRoutes` draws the router's tree, one node per line:
 * `│   ├── /segment (GET, HEAD)`. A node's path is its parent's path plus its segment, and the depth
 * is the column of its branch sign divided by four.
 */
export function parseRouteTree(tree: string): ApiRoute[] {
  const stack: string[] = [];
  const routes: ApiRoute[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?\s*$/u.exec(line);
    if (!m) continue;
    const depth = [...m[1]!].length / 4;
    stack.length = depth;
    const url = (stack[depth - 1] ?? '') + m[2]!;
    stack.push(url);
    for (const method of (m[3] ?? '').split(',').map((s) => s.trim())) {
      if (method) routes.push({ method, url, key: `${method} ${url}` });
    }
  }
  return routes;
}

/** Every `/plat` route of the app, HEAD included (Fastify adds one beside each GET). */
export function apiRoutesOf(app: FastifyInstance): ApiRoute[] {
  return parseRouteTree(app.printRoutes({ commonPrefix: false })).filter(
    (r) => r.url === '/plat' || r.url.startsWith('/plat/'),
  );
}

/** Every method and path the OpenAPI document lists, as route keys (`{id}` → `:id`). */
export function openApiRouteKeys(doc: unknown): string[] {
  const paths = (doc as { paths?: Record<string, Record<string, unknown>> }).paths ?? {};
  return Object.entries(paths).flatMap(([p, methods]) =>
    Object.keys(methods).map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`),
  );
}

/** The route's URL with each `:param` replaced. */
export function fillParams(url: string, value: (name: string) => string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => value(name));
}
