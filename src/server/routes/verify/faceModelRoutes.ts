// GET /plat/verify/face-models/:file: the models of the phone's live face guidance (issue 16 §4),
// read from the @vladmandic/human package on this machine and served from our own origin, so the
// phone page needs no network but the portal's (and the CSP stays 'self'). Only the listed files;
// anything else is 404. They never change within a release: cached for a day.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { FACE_GUIDE_MODEL_FILES, VerificationPaths } from '../../../contract/api/verification';
import { notFound } from '../../errors';

const require = createRequire(import.meta.url);

function modelsDir(): string {
  // The package exports no package.json; its Node entry is dist/human.node.js.
  return path.join(path.dirname(require.resolve('@vladmandic/human')), '..', 'models');
}

const CONTENT_TYPES: Record<string, string> = {
  '.json': 'application/json; charset=utf-8',
  '.bin': 'application/octet-stream',
};

export function faceModelRoutes(app: FastifyInstance) {
  const dir = modelsDir();
  const allowed = new Set<string>(FACE_GUIDE_MODEL_FILES);
  app.get<{ Params: { file: string } }>(`${VerificationPaths.faceModels}/:file`, async (request, reply) => {
    const { file } = request.params;
    if (!allowed.has(file)) throw notFound();
    const full = path.join(dir, file);
    const info = await stat(full);
    return reply
      .header('content-type', CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream')
      .header('content-length', info.size)
      .header('cache-control', 'public, max-age=86400')
      .send(createReadStream(full));
  });
}
