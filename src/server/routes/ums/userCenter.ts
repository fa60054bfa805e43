// The user center's server side (spec §2): who I am, my language preference, my login history.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginHistoryQuery, preferencesRequest } from '../../../contract/api/accounts';
import { users } from '../../db/schema/index';
import { ok } from '../../envelope';
import { AppError } from '../../errors';
import { listLoginHistory } from '../../services/accounts/loginHistory';

export async function userCenterRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/user/info', { onRequest: app.requireSignedIn }, async (request) => {
    // Read with the session in the same query (auth plugin): one round trip per call.
    const user = request.sessionUser;
    if (!user) throw new AppError('userNotFound', 404);
    return ok(request, user);
  });

  app.post(
    '/user/preferences',
    { onRequest: app.requireSignedIn, schema: { body: preferencesRequest } },
    async (request) => {
      await app.db
        .update(users)
        .set({ language: request.body.language })
        .where(eq(users.id, request.principal!.userId));
      return ok(request, { language: request.body.language });
    },
  );

  app.get(
    '/user/login-history',
    { onRequest: app.requireSignedIn, schema: { querystring: loginHistoryQuery } },
    async (request) => ok(request, await listLoginHistory(app.db, request.principal!.userId, request.query)),
  );
}
