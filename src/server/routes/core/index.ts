// Health and the API description.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../envelope';

export async function coreRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/health', { schema: { hide: true } }, async (request) => {
    await app.pool.query('select 1');
    return ok(request, { status: 'ok', version: '2.0.0' });
  });

  app.get('/docs', { schema: { hide: true, querystring: z.object({}).passthrough() } }, async () =>
    app.swagger(),
  );
}
