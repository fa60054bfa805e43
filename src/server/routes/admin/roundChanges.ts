// GET /plat/admin/{certifications,card-applications}/:id/changes: what changed since the round before (issue 21 §1;
// contract src/contract/api/caseRounds.ts). Whoever reads the case reads its changes.
import type { FastifyInstance } from 'fastify';
import { ok } from '../../envelope';
import { caseIdOf } from '../../services/admin/caseIds';
import { cardRoundChanges, roundChanges } from '../../services/admin/roundChanges';
import { needs } from './permission';

export async function roundChangeRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: string } }>('/certifications/:id/changes', needs('cases.read'), async (request) =>
    ok(request, await roundChanges(app.db, caseIdOf(request.params.id))),
  );
  app.get<{ Params: { id: string } }>(
    '/card-applications/:id/changes',
    needs('cases.read'),
    async (request) => ok(request, await cardRoundChanges(app.db, caseIdOf(request.params.id))),
  );
}
