// The transport key pair and the password decryption, available to every route as app.passwords.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadOrCreateKeyPair } from '../security/keyPair';
import { createPasswordTransport, type PasswordTransport } from '../security/passwordTransport';

declare module 'fastify' {
  interface FastifyInstance {
    passwordTransport: PasswordTransport;
  }
}

export const cryptoPlugin = fp(
  async (app: FastifyInstance) => {
    const keys = loadOrCreateKeyPair(app.config.dataDir);
    app.decorate('passwordTransport', createPasswordTransport(keys, app.db, app.clock));
  },
  { name: 'crypto', dependencies: ['db'] },
);
