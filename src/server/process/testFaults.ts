// Faults on demand, for the process tests (tests/server/process/). They exist only in a worker of
// the supervisor started with APP_ENV=test: never in production, never in an app a test builds in
// its own process (the security suites call every route they find there).
//
//   POST /plat/test/fault {"kind":"exception"|"rejection"} → 202, then, outside the handler (a
//        timer it leaves behind), an uncaught exception or an unhandled rejection.
//   PORTAL_TEST_CRASH_FLAG=<file>: while that file exists, each worker throws as it starts, outside
//        any handler (a crash loop, for the back-off test).
import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope } from '../envelope';

export const TEST_FAULT_PATH = '/test/fault';

export function testFaultsEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.APP_ENV === 'test';
}

export class InjectedTestFault extends Error {
  constructor(what: string) {
    super(`Injected test fault: ${what}`);
    this.name = 'InjectedTestFault';
  }
}

export async function testFaultRoutes(app: FastifyInstance) {
  app.post(
    TEST_FAULT_PATH,
    {
      schema: { hide: true, body: z.object({ kind: z.enum(['exception', 'rejection']) }) },
    },
    async (request, reply) => {
      const { kind } = request.body as { kind: 'exception' | 'rejection' };
      // After the answer has gone: nothing in the request's own chain can catch it.
      setTimeout(() => {
        if (kind === 'exception') throw new InjectedTestFault('an exception nobody catches');
        void Promise.reject(new InjectedTestFault('a rejection nobody handles'));
      }, 50);
      return reply.code(202).send(envelope(request, 'ok', null));
    },
  );
}

/** Throws on the next turn, outside any handler, if the crash flag file exists. */
export function crashAtStartIfAsked(env: NodeJS.ProcessEnv = process.env): void {
  const flag = env.PORTAL_TEST_CRASH_FLAG;
  if (!testFaultsEnabled(env) || !flag || !existsSync(flag)) return;
  setImmediate(() => {
    throw new InjectedTestFault('the worker fails as it starts');
  });
}
