// Serves the built web app (dist/web) from the same port as the API; any other GET outside /plat
// answers index.html so the client-side router decides (unknown paths end on /404 there).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const WEB_DIST_DIR = path.resolve(import.meta.dirname, '../../../dist/web');

export function webBuildExists(dir = WEB_DIST_DIR): boolean {
  return existsSync(path.join(dir, 'index.html'));
}

export async function registerSpa(app: FastifyInstance, dir = WEB_DIST_DIR) {
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/',
    index: false,
    wildcard: false,
    // The build writes .br/.gz beside each text asset (src/tools/precompressAssets.ts).
    preCompressed: true,
    // Hashed assets may be cached for long; index.html never (it names the current assets).
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
  const indexHtml = readFileSync(path.join(dir, 'index.html'));
  return async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
}
