// GET /plat/ums/captcha (a fresh slider puzzle) and POST /plat/ums/captcha/verify (one answer per
// puzzle → a one-time token, or captchaFailed and the page asks for a new puzzle).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { captchaVerifyRequest } from '../../../contract/api/accounts';
import { ok } from '../../envelope';
import { countCaptcha } from '../../observability/metrics/recorders';
import { AppError } from '../../errors';
import { createCaptchaService } from '../../security/captcha/captchaService';
import { AccountRateLimits } from './rateLimits';

export async function captchaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Tests and the benches that do not measure the work shrink it (config.captchaWorkScale).
  const captcha = createCaptchaService(app.db, app.clock, { workScale: app.config.captchaWorkScale });
  const clientOf = (request: { ip: string; headers: { 'user-agent'?: string | undefined } }) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });

  app.get('/captcha', { config: { rateLimit: AccountRateLimits.captcha } }, async (request, reply) => {
    // A puzzle is answered once: no cache may hand the same one to a second attempt.
    void reply.header('cache-control', 'no-store');
    const challenge = await captcha.createChallenge(clientOf(request));
    countCaptcha('served');
    return ok(request, challenge);
  });

  app.post(
    '/captcha/verify',
    { config: { rateLimit: AccountRateLimits.captchaVerify }, schema: { body: captchaVerifyRequest } },
    async (request) => {
      const { challengeId, work, ...answer } = request.body;
      const captchaToken = await captcha.verify(challengeId, answer, work, clientOf(request));
      countCaptcha(captchaToken ? 'tokenIssued' : 'refused');
      if (!captchaToken) throw new AppError('captchaFailed', 200);
      return ok(request, { captchaToken });
    },
  );
}
