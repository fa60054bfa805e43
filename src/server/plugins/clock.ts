import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../types';

export const systemClock: Clock = { now: () => new Date() };

export const clockPlugin = fp(
  async (app: FastifyInstance, opts: { clock?: Clock }) => {
    app.decorate('clock', opts.clock ?? systemClock);
  },
  { name: 'clock' },
);
