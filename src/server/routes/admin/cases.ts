// GET /plat/admin/certifications/:id and /plat/admin/card-applications/:id: the case views.
import type { FastifyInstance } from 'fastify';
import { ok } from '../../envelope';
import { needs } from './permission';
import { cardApplicationCase } from '../../services/admin/cardCase';
import { caseIdOf } from '../../services/admin/caseIds';
import { certificationCase } from '../../services/admin/certificationCase';

export async function caseRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: string } }>('/certifications/:id', needs('cases.read'), async (request) =>
    ok(request, await certificationCase(app.db, caseIdOf(request.params.id), app.clock.now())),
  );

  app.get<{ Params: { id: string } }>('/card-applications/:id', needs('cases.read'), async (request) =>
    ok(request, await cardApplicationCase(app.db, caseIdOf(request.params.id), app.clock.now())),
  );
}
