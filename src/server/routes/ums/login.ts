// POST /plat/ums/login and /logout. Applicants and reviewers sign in the same way; the role is in
// the answer's SessionUser.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginRequest } from '../../../contract/api/accounts';
import { ok } from '../../envelope';
import { createCaptchaService } from '../../security/captcha/captchaService';
import { createLoginService } from '../../services/accounts/login';
import { AccountRateLimits } from './rateLimits';

export async function loginRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const login = createLoginService({
    db: app.db,
    clock: app.clock,
    captcha: createCaptchaService(app.db, app.clock),
    passwordTransport: app.passwordTransport,
    sessions: app.sessions,
  });

  app.post(
    '/login',
    { config: { rateLimit: AccountRateLimits.login }, schema: { body: loginRequest } },
    async (request) =>
      ok(
        request,
        await login.login(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
      ),
  );

  app.post('/logout', { onRequest: app.requireSignedIn }, async (request) => {
    await app.sessions.revoke(request.principal!.sessionId, 'logout');
    return ok(request, null);
  });
}
