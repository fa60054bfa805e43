// The transport key pair and the password decryption, available to every route as app.passwords.
// The keys are shared by every worker and instance (config or PostgreSQL: transportKeyring.ts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPasswordTransport, type PasswordTransport } from '../security/passwordTransport';
import { openTransportKeyring } from '../security/transportKeyring';

declare module 'fastify' {
  interface FastifyInstance {
    passwordTransport: PasswordTransport;
  }
}

export const cryptoPlugin = fp(
  async (app: FastifyInstance) => {
    const keyring = await openTransportKeyring({
      db: app.db,
      clock: app.clock,
      dataDir: app.config.dataDir,
      configured: app.config.transportKeys ?? { current: undefined, previous: undefined },
    });
    app.addHook('onClose', async () => keyring.close());
    app.decorate('passwordTransport', createPasswordTransport(keyring, app.db, app.clock));
  },
  { name: 'crypto', dependencies: ['db'] },
);
