// The permission a back-office route needs (issue 21 §4), declared on the route itself: the admin
// plugin refuses to register a route without one, and checks it on every request after the
// back-office guard (roles: src/contract/api/backOfficeRoles.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rolesAllow, type BackOfficePermission } from '../../../contract/api/backOfficeRoles';
import { AppError } from '../../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every /plat/admin route. */
    permission?: BackOfficePermission;
  }
}

/** Route options naming the permission: `app.get(path, needs('cases.read'), handler)`. */
export function needs(permission: BackOfficePermission) {
  return { config: { permission } };
}

/** Registers the rule for the plugin's routes: every route declares one, every request is checked. */
export function guardPermissions(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const permission = (route.config as { permission?: unknown } | undefined)?.permission;
    if (typeof permission !== 'string') {
      throw new Error(`back-office route ${String(route.method)} ${route.url} declares no permission`);
    }
  });
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const permission = request.routeOptions.config.permission;
    // The back-office guard ran first: a principal is there.
    if (!permission || !rolesAllow(request.principal?.roles ?? [], permission)) {
      throw new AppError('forbidden', 403);
    }
  });
}
