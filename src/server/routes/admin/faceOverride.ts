// POST /plat/admin/certifications/:id/face-override: a reviewer confirms or rejects the
// authorizer's referred face check with a written reason (issue 16 §5). The reason's rule is the
// contract's (faceOverrideReason), the one the form applies: its refusal is the rule's own code.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { faceOverrideReasonProblem, faceOverrideRequest } from '../../../contract/api/admin';
import { AppError } from '../../errors';
import { ok } from '../../envelope';
import { caseIdOf } from '../../services/admin/caseIds';
import { overrideFaceCheck } from '../../services/admin/faceOverride';
import { parseDecisionBody } from './decisionBody';
import { needs } from './permission';

export async function faceOverrideRoutes(app: FastifyInstance) {
  app.post(
    '/certifications/:id/face-override',
    needs('cases.decide'),
    async (request: FastifyRequest<{ Params: { id: string } }>) => {
      const id = caseIdOf(request.params.id);
      const reason: unknown =
        typeof request.body === 'object' && request.body !== null
          ? (request.body as Record<string, unknown>).reason
          : undefined;
      const problem = faceOverrideReasonProblem(reason);
      if (problem) throw new AppError(problem, 400);
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
