// The bench portal seen through the TestApp shape, so the request helpers of the server tests
// (tests/server/certification/support.ts, tests/server/accounts/support/accountsClient.ts) are
// reused as they are instead of copied. Those helpers read only `url`, `app.db` and `clock.now()`;
// the bench's server runs in another process, so nothing else of a FastifyInstance exists here.
import type { FastifyInstance } from 'fastify';
import type { TestApp, TestClock } from '../../tests/support/testApp';
import type { BenchPortal } from './portalServer';

export function asTestApp(portal: BenchPortal): TestApp {
  const clock: TestClock = {
    now: () => new Date(),
    set: () => {
      throw new Error('the bench portal runs on the real clock');
    },
    advance: () => {
      throw new Error('the bench portal runs on the real clock');
    },
  };
  const unavailable = () => Promise.reject(new Error('the bench portal runs in another process'));
  return {
    app: { db: portal.database.db } as unknown as FastifyInstance,
    url: portal.url,
    clock,
    config: undefined as never,
    reopen: unavailable,
    close: unavailable,
  };
}
