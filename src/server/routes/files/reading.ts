// GET /plat/files/:id/reading: what the document reader found in a file (issue 30). Same access as
// the file itself (readableFile: the uploader's company or a reviewer; 404 otherwise). The checks of
// the document against itself are computed on each answer, by the server's clock (expiry moves).
import type { FastifyInstance } from 'fastify';
import type { DocumentReadingView } from '../../../contract/api/documents';
import { selfChecks } from '../../../contract/documents/checks';
import { isReadKind } from '../../../contract/documents/reading';
import { ok } from '../../envelope';
import { findReading } from '../../services/documents/readingStore';
import { readableFile, signedIn } from './readableFile';

export async function fileReadingRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: string } }>(
    '/files/:id/reading',
    { preHandler: app.requireSignedIn },
    async (request) => {
      const { file } = await readableFile(app, request, request.params.id);
      const row = await findReading(app.db, file.id);
      const done = row?.status === 'done';
      const fields = done ? (row.fields ?? {}) : {};
      const mrz = done ? (row.mrz ?? null) : null;
      const view: DocumentReadingView = {
        fileId: file.id,
        kind: file.kind,
        status: row?.status ?? 'notRead',
        fields,
        mrz,
        selfChecks: done && isReadKind(file.kind) ? selfChecks(file.kind, fields, mrz, app.clock.now()) : [],
        text: done && signedIn(request).role === 'reviewer' ? (row.text ?? '') : null,
      };
      return ok(request, view);
    },
  );
}
