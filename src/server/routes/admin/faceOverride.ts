// POST /plat/admin/certifications/:id/face-override: a reviewer confirms or rejects the
// authorizer's referred face check with a written reason (issue 16 §5).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { faceOverrideRequest } from '../../../contract/api/admin';
import { ok } from '../../envelope';
import { caseIdOf } from '../../services/admin/caseIds';
import { overrideFaceCheck } from '../../services/admin/faceOverride';
import { parseDecisionBody } from './decisionBody';

export async function faceOverrideRoutes(app: FastifyInstance) {
  app.post(
    '/certifications/:id/face-override',
    async (request: FastifyRequest<{ Params: { id: string } }>) => {
      const id = caseIdOf(request.params.id);
      const body = parseDecisionBody(faceOverrideRequest, request.body, 'reason');
      const context = {
        db: app.db,
        // The reviewer guard of the admin plugin ran first.
        reviewerId: request.principal!.userId,
        publicUrl: app.config.publicUrl,
        now: app.clock.now(),
      };
      return ok(request, await overrideFaceCheck(context, id, body.decision, body.reason));
    },
  );
}
