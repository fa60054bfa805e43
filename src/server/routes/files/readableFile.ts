// The one lookup the read and delete routes share: a file the caller may read, or 404. Unknown id,
// malformed id, deleted file and another company's file all get the same answer (docs/api-conventions.md).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../errors';
import { mayReadFile } from '../../storage/fileAccess';
import type { OpenedFile } from '../../storage/fileStore';
import type { Principal } from '../../types';

export function signedIn(request: FastifyRequest): Principal {
  // requireSignedIn ran first; this only satisfies the type.
  if (!request.principal) throw notFound();
  return request.principal;
}

export async function readableFile(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
): Promise<OpenedFile> {
  const principal = signedIn(request);
  const opened = await app.storage.open(id);
  if (!opened || !mayReadFile(principal, opened.file)) throw notFound();
  return opened;
}
