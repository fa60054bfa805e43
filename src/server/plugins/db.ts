// Decorates app.db (drizzle) and app.pool from app.config.databaseUrl; closes the pool when the app
// closes, after the routes have drained.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDatabase } from '../db/client';

export const dbPlugin = fp(
  async (app: FastifyInstance) => {
    const url = app.config.databaseUrl;
    if (!url) throw new Error('DATABASE_URL is not set: main.ts starts the embedded PostgreSQL and sets it');
    const database = createDatabase(url, {
      connectTimeoutMs: app.config.databaseTimeouts.connectTimeoutMs,
      statementTimeoutMs: app.config.databaseTimeouts.statementTimeoutMs,
      idleTimeoutMs: app.config.databaseTimeouts.idleTimeoutMs,
      onError: (error) => app.log.warn({ err: error }, 'idle database connection lost; the pool replaces it'),
    });
    app.decorate('db', database.db);
    app.decorate('pool', database.pool);
    app.addHook('onClose', async () => database.close());
  },
  { name: 'db' },
);
