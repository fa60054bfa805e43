// /plat/card: the card-issuing business application (contract: src/contract/api/card.ts).
// Applicants only, always scoped to the caller's own company: no route takes a company or
// application id, so another company's application cannot even be named.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  saveCardApplicationRequest,
  sendsMoreThanOneFile,
  submitCardApplicationRequest,
  type CardPurposesView,
} from '../../../contract/api/card';
import { INDUSTRY_CATEGORIES } from '../../../contract/options';
import { ok } from '../../envelope';
import { AppError, notFound } from '../../errors';
import { readRecord, type CardActor } from '../../services/card/applicationRecord';
import { buildView } from '../../services/card/applicationView';
import { loadQuestionnaire } from '../../services/card/questionnaire';
import { saveApplication } from '../../services/card/saveApplication';
import { submitApplication } from '../../services/card/submitApplication';
import { oneFileIdOf } from './oneFileOnly';

function actorOf(request: FastifyRequest): CardActor {
  const principal = request.principal;
  // requireApplicant ran first; an applicant without a company has no application.
  if (!principal?.companyId) throw notFound();
  return { companyId: principal.companyId, userId: principal.userId };
}

/** Before the schema: a list of files is refused as such (oneFileOnly), a one-item list is that
 *  file, and a bare POST (no body) is an empty one: "submit what is stored". */
async function oneFileOnly(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
  if (sendsMoreThanOneFile(request.body)) throw new AppError('oneFileOnly', 400);
  request.body = oneFileIdOf(request.body);
}

export async function cardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: app.requireApplicant };
  const viewOptions = { cardSystemUrl: app.config.baseAddresses.checkout };

  app.get('/application', guard, async (request) => {
    return ok(request, await buildView(app.db, await readRecord(app.db, actorOf(request)), viewOptions));
  });

  app.get('/purposes', guard, async (request) => {
    const view: CardPurposesView = { purposes: [...INDUSTRY_CATEGORIES] };
    return ok(request, view);
  });

  app.get('/questionnaire', guard, async (request) => {
    return ok(request, await loadQuestionnaire(app.db));
  });

  app.post(
    '/application/save',
    { ...guard, preValidation: oneFileOnly, schema: { body: saveCardApplicationRequest } },
    async (request) => {
      const record = await saveApplication(app.db, actorOf(request), request.body, app.clock.now());
      return ok(request, await buildView(app.db, record, viewOptions));
    },
  );

  app.post(
    '/application/submit',
    { ...guard, preValidation: oneFileOnly, schema: { body: submitCardApplicationRequest } },
    async (request) => {
      const record = await submitApplication(app.db, actorOf(request), request.body, app.clock.now());
      return ok(request, await buildView(app.db, record, viewOptions));
    },
  );
}
