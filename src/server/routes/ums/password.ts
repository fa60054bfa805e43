// Forgot, reset and change password: POST /plat/ums/password/forgot, /reset/check, /reset, /change.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordRequest,
  forgotRequest,
  resetCheckRequest,
  resetRequest,
} from '../../../contract/api/accounts';
import { ok } from '../../envelope';
import { createCaptchaService } from '../../security/captcha/captchaService';
import { createPasswordChangeService } from '../../services/accounts/passwordChange';
import { createPasswordResetService } from '../../services/accounts/passwordReset';
import { AccountRateLimits } from './rateLimits';

export async function passwordRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = {
    db: app.db,
    clock: app.clock,
    passwordTransport: app.passwordTransport,
    sessions: app.sessions,
  };
  const reset = createPasswordResetService({
    ...deps,
    config: app.config,
    captcha: createCaptchaService(app.db, app.clock),
  });
  const change = createPasswordChangeService(deps);

  app.post(
    '/password/forgot',
    { config: { rateLimit: AccountRateLimits.forgot }, schema: { body: forgotRequest } },
    async (request) => {
      await reset.forgot(request.body, request.locale, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return ok(request, null);
    },
  );

  app.post(
    '/password/reset/check',
    { config: { rateLimit: AccountRateLimits.resetCheck }, schema: { body: resetCheckRequest } },
    async (request) => {
      await reset.check(request.body.token);
      return ok(request, null);
    },
  );

  app.post(
    '/password/reset',
    { config: { rateLimit: AccountRateLimits.reset }, schema: { body: resetRequest } },
    async (request) => {
      await reset.reset(request.body.token, request.body.passwordCipher);
      return ok(request, null);
    },
  );

  app.post(
    '/password/change',
    {
      onRequest: app.requireSignedIn,
      config: { rateLimit: AccountRateLimits.changePassword },
      schema: { body: changePasswordRequest },
    },
    async (request) => {
      await change.change(
        request.principal!,
        request.body.currentPasswordCipher,
        request.body.newPasswordCipher,
      );
      return ok(request, null);
    },
  );
}
