// Who is calling: a Bearer token resolved to a principal, and the preHandlers routes use to demand
// a signed-in applicant or reviewer. Reviewer sessions cannot call applicant APIs and the reverse.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionUser } from '../../contract/api/accounts';
import { AppError } from '../errors';
import { createSessionService, type SessionFailure, type SessionService } from '../security/sessions';
import type { Principal, RoleHook } from '../types';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionService;
  }
  interface FastifyRequest {
    /** Set when a token came but did not sign anybody in. */
    sessionFailure: SessionFailure | null;
    /** The signed-in user as read with the session (same snapshot as `principal`). */
    sessionUser: SessionUser | null;
  }
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
    app.decorate('sessions', createSessionService(app.db, app.clock));
    app.decorateRequest('sessionFailure', null);
    app.decorateRequest('sessionUser', null);

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
