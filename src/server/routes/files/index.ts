// /plat/files: upload one document, download it, read its facts, delete it (docs/api-conventions.md "Paths";
// docs/product-rules.md "Uploads"). Registered by the app under the /plat prefix.
import type { FastifyInstance } from 'fastify';
import { ok } from '../../envelope';
import { AppError, forbidden, notFound } from '../../errors';
import { mayRemoveFile } from '../../storage/fileAccess';
import { attachmentDisposition } from '../../storage/fileName';
import { receiveMultipart } from '../../storage/receiveMultipart';
import { isFileKind } from './fileKind';
import { fileMetaView, fileView } from './fileView';
import { fileReadingRoutes } from './reading';
import { readableFile, signedIn } from './readableFile';

interface IdParams {
  id: string;
}

export async function fileRoutes(app: FastifyInstance) {
  await app.register(fileReadingRoutes);
  app.post('/files', { preHandler: app.requireSignedIn }, async (request) => {
    const principal = signedIn(request);
    const { upload, fields } = await receiveMultipart(request, (input) => app.storage.receiveUpload(input));
    const kind = fields['kind'];
    if (!isFileKind(kind)) {
      await upload.discard();
      throw new AppError('validationFailed', 400, [{ path: 'kind', message: 'field.invalid' }]);
    }
    let file;
    try {
      file = await upload.save(
        app.db,
        { kind, companyId: principal.companyId, uploadedBy: principal.userId },
        app.clock.now(),
      );
    } catch (error) {
      await upload.discard();
      throw error;
    }
    // Queued for the document reader, which reads it after this answer (issue 30); never fails the upload.
    await app.documents.enqueue(file);
    return ok(request, fileView(file));
  });

  app.get<{ Params: IdParams }>('/files/:id', { preHandler: app.requireSignedIn }, async (request, reply) => {
    const { file, openStream } = await readableFile(app, request, request.params.id);
    const stream = await openStream();
    if (!stream) {
      request.log.error({ fileId: file.id }, 'stored file has a row but no bytes on disk');
      throw notFound();
    }
    return reply
      .header('content-type', file.contentType)
      .header('content-length', String(file.size))
      .header('content-disposition', attachmentDisposition(file.originalName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(stream);
  });

  app.get<{ Params: IdParams }>('/files/:id/meta', { preHandler: app.requireSignedIn }, async (request) => {
    const { file } = await readableFile(app, request, request.params.id);
    return ok(request, fileMetaView(file));
  });

  app.delete<{ Params: IdParams }>('/files/:id', { preHandler: app.requireSignedIn }, async (request) => {
    const { file } = await readableFile(app, request, request.params.id);
    // A reviewer may know the file exists (they can read it), so the refusal is 403, not 404.
    if (!mayRemoveFile(signedIn(request), file)) throw forbidden();
    await app.storage.remove(file.id);
    return ok(request, { id: file.id });
  });
}
