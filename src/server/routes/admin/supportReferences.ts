// GET /plat/admin/support-references/:reference: the snapshot an applicant sent, for the support
// replay page (issue 19 §5). Typed references are normalised (case, spaces, dashes, no prefix).
import type { FastifyInstance } from 'fastify';
import { normalizeSupportReference } from '../../../contract/api/supportReferences';
import { ok } from '../../envelope';
import { AppError } from '../../errors';
import { readSupportReference } from '../../services/support/supportReferences';
import { needs } from './permission';

export async function supportReferenceAdminRoutes(app: FastifyInstance) {
  app.get<{ Params: { reference: string } }>(
    '/support-references/:reference',
    needs('support.replay'),
    async (request) => {
      const reference = normalizeSupportReference(request.params.reference);
      // Not a reference at all reads like an unknown one: nothing to tell apart.
      if (!reference) throw new AppError('notFound', 404);
      return ok(request, await readSupportReference(app.db, reference, app.clock.now()));
    },
  );
}
