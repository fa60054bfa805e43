// POST /plat/admin/certifications/:id/{approve,reject,request-revision,confirm-approval,decline-approval}
// and /plat/admin/card-applications/:id/{approve,reject,request-revision,confirm-approval,decline-approval}: the
// decisions. An approve is a proposal; a second person with the approver role confirms or declines
// it (issue 21 §3, services/admin/approvals.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  approveRequest,
  declineApprovalRequest,
  rejectRequest,
  requestRevisionRequest,
} from '../../../contract/api/admin';
import { ok } from '../../envelope';
import {
  confirmWaitingProposal,
  declineApproval,
  noApprovalWaiting,
  proposeApproval,
} from '../../services/admin/approvals';
import type { CaseKind } from '../../services/admin/auditTrail';
import { decideCardApplication } from '../../services/admin/cardDecisions';
import { claimDecisionGuard, claimStepGuard } from '../../services/admin/caseClaims';
import { caseIdOf } from '../../services/admin/caseIds';
import { decideCertification } from '../../services/admin/certificationDecisions';
import type { DecisionContext, DecisionGuard } from '../../services/admin/decisionCase';
import { parseDecisionBody } from './decisionBody';
import { needs } from './permission';

type CaseRequest = FastifyRequest<{ Params: { id: string } }>;

const PREFIX: Record<CaseKind, string> = {
  certification: '/certifications/:id',
  cardApplication: '/card-applications/:id',
};

export async function decisionRoutes(app: FastifyInstance) {
  const contextOf = (request: FastifyRequest): DecisionContext => ({
    db: app.db,
    // The back-office guard of the admin plugin ran first.
    reviewerId: request.principal!.userId,
    publicUrl: app.config.publicUrl,
    now: app.clock.now(),
  });
  const both =
    (a: DecisionGuard, b: DecisionGuard): DecisionGuard =>
    async (tx, who) => {
      await a(tx, who);
      await b(tx, who);
    };

  for (const kind of ['certification', 'cardApplication'] as const) {
    const prefix = PREFIX[kind];

    app.post(`${prefix}/approve`, needs('cases.decide'), async (request: CaseRequest) => {
      const id = caseIdOf(request.params.id);
      const body = parseDecisionBody(approveRequest, request.body, null);
      return ok(
        request,
        await proposeApproval(contextOf(request), kind, id, body.version, claimStepGuard(app.clock.now())),
      );
    });

    app.post(`${prefix}/confirm-approval`, needs('cases.confirm'), async (request: CaseRequest) => {
      const id = caseIdOf(request.params.id);
      const body = parseDecisionBody(approveRequest, request.body, null);
      const ctx = contextOf(request);
      const guard = both(
        claimDecisionGuard(kind, id, app.clock.now()),
        confirmWaitingProposal(kind, id, ctx.now),
      );
      const decide = kind === 'certification' ? decideCertification : decideCardApplication;
      return ok(request, await decide(ctx, id, body.version, { kind: 'approve' }, guard));
    });

    app.post(`${prefix}/decline-approval`, needs('cases.confirm'), async (request: CaseRequest) => {
      const id = caseIdOf(request.params.id);
      const body = parseDecisionBody(declineApprovalRequest, request.body, 'reason');
      return ok(
        request,
        await declineApproval(
          contextOf(request),
          kind,
          id,
          body.version,
          body.reason,
          claimStepGuard(app.clock.now()),
        ),
      );
    });

    app.post(`${prefix}/reject`, needs('cases.decide'), async (request: CaseRequest) => {
      const id = caseIdOf(request.params.id);
      const body = parseDecisionBody(rejectRequest, request.body, 'reason');
      const guard = both(claimDecisionGuard(kind, id, app.clock.now()), noApprovalWaiting(kind, id));
      const decision = { kind: 'reject' as const, reason: body.reason };
      return ok(
        request,
        kind === 'certification'
          ? await decideCertification(contextOf(request), id, body.version, decision, guard)
          : await decideCardApplication(contextOf(request), id, body.version, decision, guard),
      );
    });

    app.post(`${prefix}/request-revision`, needs('cases.decide'), async (request: CaseRequest) => {
      const id = caseIdOf(request.params.id);
      const body = parseDecisionBody(requestRevisionRequest, request.body, 'comment');
      const guard = both(claimDecisionGuard(kind, id, app.clock.now()), noApprovalWaiting(kind, id));
      const decision = { kind: 'requestRevision' as const, fields: body.fields, comment: body.comment };
      return ok(
        request,
        kind === 'certification'
          ? await decideCertification(contextOf(request), id, body.version, decision, guard)
          : await decideCardApplication(contextOf(request), id, body.version, decision, guard),
      );
    });
  }
}
