// Business parameters: the partner-link check (spelling "paramters" kept from spec §7) and the public
// configuration of the shell (support chat, card system address).
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checkBusinessStatusRequest,
  type BusinessStatus,
  type PublicConfig,
} from '../../../contract/api/configManagement';
import { partnerLinks } from '../../db/schema/index';
import { ok } from '../../envelope';

export async function configManagementRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/business-paramters/check-business-status',
    {
      schema: { body: checkBusinessStatusRequest },
      // Link codes are not secrets, but guessing them wholesale should be slow.
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (request) => {
      const [link] = await app.db
        .select({ code: partnerLinks.code, partnerName: partnerLinks.partnerName })
        .from(partnerLinks)
        .where(and(eq(partnerLinks.code, request.body.registerLink), eq(partnerLinks.enabled, true)));
      const data: BusinessStatus | null = link
        ? { registerLink: link.code, partnerName: link.partnerName }
        : null;
      return ok(request, data);
    },
  );

  app.get('/public-config', async (request) => {
    const c = app.config;
    const data: PublicConfig = {
      env: c.env,
      supportChatUrl: c.supportChatUrl ?? null,
      helpCenterUrl: c.helpCenterUrl,
      supportEmail: c.supportEmail,
      cardSystemUrl: c.baseAddresses.checkout,
      identityServiceUrl: c.baseAddresses.identity,
      sentryDsn: null,
    };
    return ok(request, data);
  });
}
