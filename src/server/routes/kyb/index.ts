// /plat/kyb: the enterprise certification wizard's API (docs/api-conventions.md "Paths"; contract:
// src/contract/api/certification.ts). Applicants only, always scoped to the caller's own company:
// no route takes a company or application id, so another company's records cannot even be named.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { confirmLocationRequest, saveDraftRequest, submitRequest } from '../../../contract/api/certification';
import { ok } from '../../envelope';
import { notFound } from '../../errors';
import { readRecord } from '../../services/certification/applicationRecord';
import { buildView } from '../../services/certification/applicationView';
import {
  AUTHORIZATION_LETTER_FILE_NAME,
  authorizationLetterTemplate,
} from '../../services/certification/authorizationLetterPdf';
import { confirmLocation } from '../../services/certification/confirmLocation';
import { saveDraft, type Actor } from '../../services/certification/saveDraft';
import { submitApplication } from '../../services/certification/submitApplication';
import { attachmentDisposition } from '../../storage/fileName';

function actorOf(request: FastifyRequest): Actor {
  const principal = request.principal;
  // requireApplicant ran first; an applicant without a company has nothing to certify.
  if (!principal?.companyId) throw notFound();
  return { companyId: principal.companyId, userId: principal.userId };
}

export async function kybRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: app.requireApplicant };

  app.get('/application', guard, async (request) => {
    return ok(request, await buildView(app.db, await readRecord(app.db, actorOf(request))));
  });

  app.post('/location', { ...guard, schema: { body: confirmLocationRequest } }, async (request) => {
    return ok(request, await confirmLocation(app.db, actorOf(request), request.body, app.clock.now()));
  });

  app.post('/draft', { ...guard, schema: { body: saveDraftRequest } }, async (request) => {
    return ok(request, await saveDraft(app.db, actorOf(request), request.body, app.clock.now()));
  });

  app.post('/submit', { ...guard, schema: { body: submitRequest } }, async (request) => {
    return ok(request, await submitApplication(app.db, actorOf(request), request.body, app.clock.now()));
  });

  app.get('/authorization-letter-template', guard, async (request, reply) => {
    const pdf = authorizationLetterTemplate();
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', String(pdf.length))
      .header('content-disposition', attachmentDisposition(AUTHORIZATION_LETTER_FILE_NAME))
      .header('x-content-type-options', 'nosniff')
      .send(pdf);
  });
}
