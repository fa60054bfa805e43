// POST /plat/support/messages: the support form of the gateway's chat float ball, for anyone,
// signed in or not. The message goes to the support address through the outbox. Snapshots sent by
// reference: ./references.ts.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SupportPaths, supportMessageRequest } from '../../../contract/api/support';
import { DEFAULT_LOCALE } from '../../../contract/envelope';
import { formatPersonName } from '../../../contract/personName';
import { companies, users } from '../../db/schema/index';
import { ok } from '../../envelope';
import { enqueueMail } from '../../mail/enqueueMail';
import { AccountRateLimits } from '../ums/rateLimits';
import { supportReferenceRoutes } from './references';

/** Without a topic from the form, the subject says where the message came from. */
const DEFAULT_TOPIC = 'Support chat';

export async function supportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await app.register(supportReferenceRoutes);

  app.post(
    SupportPaths.messages.replace(/^\/support/, ''),
    { config: { rateLimit: AccountRateLimits.supportMessage }, schema: { body: supportMessageRequest } },
    async (request) => {
      const { email, message, topic } = request.body;
      let fromName = email;
      let companyName: string | undefined;
      if (request.principal) {
        const [row] = await app.db
          .select({ firstName: users.firstName, lastName: users.lastName, companyName: companies.name })
          .from(users)
          .leftJoin(companies, eq(companies.id, users.companyId))
          .where(eq(users.id, request.principal.userId));
        if (row) {
          fromName = formatPersonName(row) || email;
          companyName = row.companyName ?? undefined;
        }
      }
      await enqueueMail(app.db, {
        to: app.config.supportEmail,
        // The support team reads the portal's default language.
        locale: DEFAULT_LOCALE,
        template: 'supportMessage',
        vars: { fromEmail: email, fromName, companyName, topic: topic ?? DEFAULT_TOPIC, message },
      });
      return ok(request, null);
    },
  );
}
