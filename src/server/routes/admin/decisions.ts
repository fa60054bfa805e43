// POST /plat/admin/certifications/:id/{approve,reject,request-revision} and
// /plat/admin/card-applications/:id/{approve,reject}: the reviewer's decisions.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { approveRequest, rejectRequest, requestRevisionRequest } from '../../../contract/api/admin';
import { ok } from '../../envelope';
import { decideCardApplication } from '../../services/admin/cardDecisions';
import { caseIdOf } from '../../services/admin/caseIds';
import { decideCertification } from '../../services/admin/certificationDecisions';
import type { DecisionContext } from '../../services/admin/decisionCase';
import { parseDecisionBody } from './decisionBody';
import { needs } from './permission';

type CaseRequest = FastifyRequest<{ Params: { id: string } }>;

export async function decisionRoutes(app: FastifyInstance) {
  const contextOf = (request: FastifyRequest): DecisionContext => ({
    db: app.db,
    // The reviewer guard of the admin plugin ran first.
    reviewerId: request.principal!.userId,
    publicUrl: app.config.publicUrl,
    now: app.clock.now(),
  });

  app.post('/certifications/:id/approve', needs('cases.decide'), async (request: CaseRequest) => {
    const id = caseIdOf(request.params.id);
    const body = parseDecisionBody(approveRequest, request.body, null);
    return ok(request, await decideCertification(contextOf(request), id, body.version, { kind: 'approve' }));
  });

  app.post('/certifications/:id/reject', needs('cases.decide'), async (request: CaseRequest) => {
    const id = caseIdOf(request.params.id);
    const body = parseDecisionBody(rejectRequest, request.body, 'reason');
    return ok(
      request,
      await decideCertification(contextOf(request), id, body.version, {
        kind: 'reject',
        reason: body.reason,
      }),
    );
  });

  app.post('/certifications/:id/request-revision', needs('cases.decide'), async (request: CaseRequest) => {
    const id = caseIdOf(request.params.id);
    const body = parseDecisionBody(requestRevisionRequest, request.body, 'comment');
    return ok(
      request,
      await decideCertification(contextOf(request), id, body.version, {
        kind: 'requestRevision',
        fields: body.fields,
        comment: body.comment,
      }),
    );
  });

  app.post('/card-applications/:id/approve', needs('cases.decide'), async (request: CaseRequest) => {
    const id = caseIdOf(request.params.id);
    const body = parseDecisionBody(approveRequest, request.body, null);
    return ok(
      request,
      await decideCardApplication(contextOf(request), id, body.version, { kind: 'approve' }),
    );
  });

  app.post('/card-applications/:id/reject', needs('cases.decide'), async (request: CaseRequest) => {
    const id = caseIdOf(request.params.id);
    const body = parseDecisionBody(rejectRequest, request.body, 'reason');
    return ok(
      request,
      await decideCardApplication(contextOf(request), id, body.version, {
        kind: 'reject',
        reason: body.reason,
      }),
    );
  });
}
