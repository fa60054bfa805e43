// Development aids under /plat/dev (docs/api-conventions.md): absent in production. Registered by the app under the
// `/plat` prefix; the check below keeps them out even if registered by mistake.
import type { FastifyInstance } from 'fastify';
import { mailboxRoutes } from './mailbox';
import { mailboxPageRoutes } from './mailboxPage';

export async function devRoutes(app: FastifyInstance) {
  if (!app.config.devTools) return;
  await app.register(mailboxRoutes);
  await app.register(mailboxPageRoutes);
}
