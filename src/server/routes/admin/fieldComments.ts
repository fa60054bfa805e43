// POST /plat/admin/certifications/:id/field-comments: the reviewer's comment per flagged field,
// sent with a revision request (issue 21 §1; contract src/contract/api/fieldComments.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldCommentsRequest } from '../../../contract/api/fieldComments';
import { ok } from '../../envelope';
import { caseIdOf } from '../../services/admin/caseIds';
import { recordFieldComments } from '../../services/admin/fieldComments';
import { parseDecisionBody } from './decisionBody';
import { needs } from './permission';

export async function fieldCommentRoutes(app: FastifyInstance) {
  app.post(
    '/certifications/:id/field-comments',
    needs('cases.decide'),
    async (request: FastifyRequest<{ Params: { id: string } }>) => {
      const id = caseIdOf(request.params.id);
      const body = parseDecisionBody(fieldCommentsRequest, request.body, null);
      // The back-office guard of the admin plugin ran first.
      const { userId, email } = request.principal!;
      return ok(
        request,
        await recordFieldComments(app.db, { id: userId, email }, id, body.comments, app.clock.now()),
      );
    },
  );
}
