// POST /plat/admin/{certifications,card-applications}/:id/{claim,release,reassign}: claims on cases
// (issue 21 §2; contract src/contract/api/caseClaims.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ClaimPaths, reassignClaimRequest } from '../../../contract/api/caseClaims';
import { ok } from '../../envelope';
import { claimAssignees, createCaseClaims } from '../../services/admin/caseClaims';
import { caseIdOf } from '../../services/admin/caseIds';
import { parseDecisionBody } from './decisionBody';
import { needs } from './permission';

type CaseRequest = FastifyRequest<{ Params: { id: string } }>;
const local = (path: string) => path.replace(/^\/admin/, '');

export async function claimRoutes(app: FastifyInstance) {
  const claims = createCaseClaims(app.db, app.clock);
  const paths = {
    certification: {
      claim: ClaimPaths.certificationClaim,
      release: ClaimPaths.certificationRelease,
      reassign: ClaimPaths.certificationReassign,
    },
    cardApplication: {
      claim: ClaimPaths.cardApplicationClaim,
      release: ClaimPaths.cardApplicationRelease,
      reassign: ClaimPaths.cardApplicationReassign,
    },
  } as const;

  app.get(local(ClaimPaths.assignees), needs('claims.reassign'), async (request) =>
    ok(request, await claimAssignees(app.db)),
  );

  for (const kind of ['certification', 'cardApplication'] as const) {
    app.post(local(paths[kind].claim), needs('cases.claim'), async (request: CaseRequest) =>
      ok(request, await claims.claim(kind, caseIdOf(request.params.id), request.principal!.userId)),
    );
    app.post(local(paths[kind].release), needs('cases.claim'), async (request: CaseRequest) =>
      ok(request, await claims.release(kind, caseIdOf(request.params.id), request.principal!.userId)),
    );
    app.post(local(paths[kind].reassign), needs('claims.reassign'), async (request: CaseRequest) => {
      const id = caseIdOf(request.params.id);
      const body = parseDecisionBody(reassignClaimRequest, request.body, null);
      return ok(request, await claims.reassign(kind, id, request.principal!.userId, body.userId));
    });
  }
}
