// Who is calling: a Bearer token resolved to a principal, and the preHandlers routes use to demand
// a signed-in applicant or reviewer. Reviewer sessions cannot call applicant APIs and the reverse.
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionUser } from '../../contract/api/accounts';
import { AppError } from '../errors';
import { countSessionSettle } from '../observability/metrics/recorders';
import { createSessionCache, type SessionCache } from '../security/sessionCache/sessionCache';
import type { ReadMark } from '../security/sessionCache/store';
import {
  createSessionService,
  TOUCH_EVERY_MS,
  type SessionFailure,
  type SessionService,
} from '../security/sessions';
import type { Principal, RoleHook } from '../types';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionService;
    /** The worker's session cache; null with SESSION_CACHE=off. */
    sessionCache: SessionCache | null;
  }
  interface FastifyRequest {
    /** Set when a token came but did not sign anybody in. */
    sessionFailure: SessionFailure | null;
    /** The signed-in user as read with the session (same snapshot as `principal`). */
    sessionUser: SessionUser | null;
    /** Where the session caches stood when a request that may write began (its route's onRequest). */
    sessionCacheMark: ReadMark | null;
  }
}

/** Methods whose requests may change a session, a user or a company (GET and HEAD routes only read). */
const MAY_WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every route that may write marks where the caches stood before its work and, before its answer
 * leaves, waits until every worker has applied the changes announced since (sessionCache.ts): the
 * caller's next request, on whichever worker, sees them. Route hooks, so reads pay nothing.
 */
function settleWritesBeforeAnswering(app: FastifyInstance, cache: SessionCache) {
  const mark = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    request.sessionCacheMark = cache.markRequest();
    done();
  };
  const settle: onSendHookHandler = (request, _reply, payload, done) => {
    const since = request.sessionCacheMark;
    if (!since) {
      done(null, payload);
      return;
    }
    cache.settleRequest(since).then(
      (outcome) => {
        countSessionSettle(outcome);
        if (outcome === 'timedOut')
          request.log.warn('session cache: a worker did not confirm a change in time');
        done(null, payload);
      },
      (err: unknown) => done(err as Error),
    );
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => MAY_WRITE.has(m))) return;
    route.onRequest = [...asList(route.onRequest), mark];
    route.onSend = [...asList(route.onSend), settle];
  });
  app.addHook('onReady', (done) => {
    cache.holder.ensure();
    done();
  });
  app.addHook('onClose', async () => cache.close());
}

function asList<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,100})$/.exec(header.trim());
  // A malformed header is a token that signs nobody in, not an absent one.
  return m ? m[1]! : '';
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const cache = app.config.sessionCache
      ? createSessionCache({
          pool: app.pool,
          freshForMs: TOUCH_EVERY_MS,
          fenceTimeoutMs: app.config.sessionCacheFenceTimeoutMs,
          onError: (err) =>
            app.log.warn({ err }, 'session cache: connection lost; reading sessions from the database'),
        })
      : null;
    app.decorate('sessions', createSessionService(app.db, app.clock, cache));
    app.decorate('sessionCache', cache);
    app.decorateRequest('sessionFailure', null);
    app.decorateRequest('sessionUser', null);
    app.decorateRequest('sessionCacheMark', null);
    if (cache) settleWritesBeforeAnswering(app, cache);

    // Resolved on request, before parsing and validation: an anonymous caller learns nothing from
    // a validation answer, it is told to sign in first.
    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request);
      if (token === null) return;
      if (token === '') {
        request.sessionFailure = 'loginInvalid';
        return;
      }
      const result = await app.sessions.resolve(token);
      if ('principal' in result) {
        request.principal = result.principal;
        request.sessionUser = result.user;
      } else request.sessionFailure = result.failure;
    });

    // Callback hooks, not async functions: the check is synchronous, and an async hook costs a
    // promise and a microtask on every signed-in request (issue 31 §5).
    const roleHook =
      (allowed: (principal: Principal) => boolean): RoleHook =>
      (request, _reply, done) => {
        const principal = request.principal;
        if (!principal) done(new AppError(request.sessionFailure ?? 'noToken', 401));
        else if (!allowed(principal)) done(new AppError('forbidden', 403));
        else done();
      };
    app.decorate(
      'requireSignedIn',
      roleHook(() => true),
    );
    app.decorate(
      'requireApplicant',
      roleHook((p) => p.role === 'applicant' && Boolean(p.companyId)),
    );
    app.decorate(
      'requireReviewer',
      roleHook((p) => p.role === 'reviewer'),
    );
  },
  { name: 'auth', dependencies: ['db'] },
);
