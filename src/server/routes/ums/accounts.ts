// Every accounts route of issue 4 under /plat/ums, one plugin per flow.
import type { FastifyInstance } from 'fastify';
import { captchaRoutes } from './captcha';
import { loginRoutes } from './login';
import { passwordRoutes } from './password';
import { registrationRoutes } from './registration';
import { userCenterRoutes } from './userCenter';

export async function accountRoutes(app: FastifyInstance) {
  await app.register(captchaRoutes);
  await app.register(registrationRoutes);
  await app.register(loginRoutes);
  await app.register(passwordRoutes);
  await app.register(userCenterRoutes);
}
