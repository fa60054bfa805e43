// POST /plat/admin/{certifications,card-applications}/:id/field-comments: the reviewer's comment per
// flagged field, sent with a revision request (issue 21 §1; contract src/contract/api/fieldComments.ts).
// POST /plat/admin/{certifications,card-applications}/:id/field-flags: each flag, unflag and comment
// as it happens, a step of the case's timeline (issue 21 §3; contract src/contract/api/fieldFlags.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FIELD_COMMENTS_PATHS, fieldCommentsRequest } from '../../../contract/api/fieldComments';
import { FIELD_FLAG_PATHS, fieldFlagRequest } from '../../../contract/api/fieldFlags';
import { ok } from '../../envelope';
import { caseIdOf } from '../../services/admin/caseIds';
import { recordFieldComments } from '../../services/admin/fieldComments';
import { recordFieldFlag } from '../../services/admin/fieldFlags';
import { parseDecisionBody } from './decisionBody';
import { needs } from './permission';

type ById = FastifyRequest<{ Params: { id: string } }>;

/** The contract's paths are under /admin; this plugin is registered there already. */
const underAdmin = (path: string) => path.replace(/^\/admin/, '');

export async function fieldCommentRoutes(app: FastifyInstance) {
  for (const kind of ['certification', 'cardApplication'] as const) {
    app.post(underAdmin(FIELD_COMMENTS_PATHS[kind]), needs('cases.decide'), async (request: ById) => {
      const id = caseIdOf(request.params.id);
      const body = parseDecisionBody(fieldCommentsRequest, request.body, null);
      // The back-office guard of the admin plugin ran first.
      const { userId, email } = request.principal!;
      return ok(
        request,
        await recordFieldComments(app.db, { id: userId, email }, kind, id, body.comments, app.clock.now()),
      );
    });
    app.post(underAdmin(FIELD_FLAG_PATHS[kind]), needs('cases.decide'), async (request: ById) => {
      const id = caseIdOf(request.params.id);
      const body = parseDecisionBody(fieldFlagRequest, request.body, null);
      const { userId, email } = request.principal!;
      return ok(
        request,
        await recordFieldFlag(app.db, { id: userId, email }, kind, id, body, app.clock.now()),
      );
    });
  }
}
