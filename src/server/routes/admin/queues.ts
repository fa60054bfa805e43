// GET /plat/admin/certifications and /plat/admin/card-applications: the two queues.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cardQueueQuery, certificationQueueQuery } from '../../../contract/api/admin';
import { ok } from '../../envelope';
import { needs } from './permission';
import { cardApplicationQueue } from '../../services/admin/cardQueue';
import { certificationQueue } from '../../services/admin/certificationQueue';

export async function queueRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/certifications',
    { ...needs('cases.read'), schema: { querystring: certificationQueueQuery } },
    async (request) =>
      ok(
        request,
        await certificationQueue(app.db, request.query, request.principal!.userId, app.clock.now()),
      ),
  );

  app.get(
    '/card-applications',
    { ...needs('cases.read'), schema: { querystring: cardQueueQuery } },
    async (request) =>
      ok(
        request,
        await cardApplicationQueue(app.db, request.query, request.principal!.userId, app.clock.now()),
      ),
  );
}
