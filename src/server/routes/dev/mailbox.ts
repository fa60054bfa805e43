// GET /plat/dev/mailbox?to=<email>: what the built-in dev mailbox received, newest first
// (docs/api-conventions.md list shape). Tests and developers read activation links and codes here.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Page } from '../../../contract/envelope';
import { ok } from '../../envelope';
import { listReceivedMail } from '../../mail/devMailbox/devMailboxStore';
import { mailboxQuery } from './mailboxQuery';

export interface DevMailboxItem {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** ISO 8601, UTC. */
  receivedAt: string;
}

export async function mailboxRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/dev/mailbox', { schema: { querystring: mailboxQuery, hide: true } }, async (request) => {
      const { to, page, pageSize } = request.query;
      const { items, total } = await listReceivedMail(app.db, { to, page, pageSize });
      const data: Page<DevMailboxItem> = {
        items: items.map((m) => ({ ...m, receivedAt: m.receivedAt.toISOString() })),
        total,
        page,
        pageSize,
      };
      return ok(request, data);
    });
}
