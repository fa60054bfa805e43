// Registration and activation: POST /plat/ums/register/send-code, /register, /activate,
// /activate/resend (spec §2–§5, issue 4).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activateRequest,
  activateResendRequest,
  registerRequest,
  registerSendCodeRequest,
} from '../../../contract/api/accounts';
import { ok, outcome } from '../../envelope';
import { createCaptchaService } from '../../security/captcha/captchaService';
import { createActivationService } from '../../services/accounts/activation';
import { createRegistrationService } from '../../services/accounts/registration';
import { AccountRateLimits } from './rateLimits';

export async function registrationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const captcha = createCaptchaService(app.db, app.clock);
  const registration = createRegistrationService({
    db: app.db,
    clock: app.clock,
    config: app.config,
    captcha,
    passwordTransport: app.passwordTransport,
  });
  const activation = createActivationService(app.db, app.clock, app.config);

  app.post(
    '/register/send-code',
    { config: { rateLimit: AccountRateLimits.sendCode }, schema: { body: registerSendCodeRequest } },
    async (request) =>
      ok(
        request,
        await registration.sendCode(request.body, request.locale, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        }),
      ),
  );

  app.post(
    '/register',
    { config: { rateLimit: AccountRateLimits.register }, schema: { body: registerRequest } },
    async (request) => ok(request, await registration.register(request.body, request.locale)),
  );

  app.post(
    '/activate',
    { config: { rateLimit: AccountRateLimits.activate }, schema: { body: activateRequest } },
    async (request, reply) =>
      outcome(reply, 'activationSuccess', await activation.activate(request.body.token)),
  );

  app.post(
    '/activate/resend',
    { config: { rateLimit: AccountRateLimits.activateResend }, schema: { body: activateResendRequest } },
    async (request) => {
      await activation.resend(request.body.email);
      return ok(request, null);
    },
  );
}
