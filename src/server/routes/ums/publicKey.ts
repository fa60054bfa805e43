// The RSA public key the browser encrypts passwords with (docs/product-rules.md "Password transport").
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../envelope';

export async function publicKeyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/crypto/public-key', async (request) => ok(request, app.passwordTransport.publicKey));
}
