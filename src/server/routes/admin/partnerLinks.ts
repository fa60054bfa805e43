// /plat/admin/partner-links: list, create and disable partner registration links.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createPartnerLinkRequest, partnerLinkQuery } from '../../../contract/api/admin';
import { ok } from '../../envelope';
import { needs } from './permission';
import { createAdminPartnerLinks } from '../../services/admin/partnerLinks';

export async function partnerLinkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const links = createAdminPartnerLinks(app.db, app.clock, app.config.publicUrl);

  app.get(
    '/partner-links',
    { ...needs('partnerLinks.manage'), schema: { querystring: partnerLinkQuery } },
    async (request) => ok(request, await links.list(request.query.page, request.query.pageSize)),
  );

  app.post(
    '/partner-links',
    { ...needs('partnerLinks.manage'), schema: { body: createPartnerLinkRequest } },
    async (request) => ok(request, await links.create(request.body)),
  );

  app.post<{ Params: { code: string } }>(
    '/partner-links/:code/disable',
    needs('partnerLinks.manage'),
    async (request) => ok(request, await links.disable(request.params.code)),
  );
}
