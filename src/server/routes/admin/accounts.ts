// /plat/admin/accounts: back-office accounts, for admins (issue 21 §4; contract
// src/contract/api/backOfficeAccounts.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BackOfficeAccountPaths,
  backOfficeAccountQuery,
  createBackOfficeAccountRequest,
  setBackOfficeRolesRequest,
} from '../../../contract/api/backOfficeAccounts';
import { ok } from '../../envelope';
import { createBackOfficeAccounts } from '../../services/admin/backOfficeAccounts';
import { needs } from './permission';

// Any text: the service answers 404 for what is not an account id.
const idParams = z.object({ id: z.string() });

const local = (path: string) => path.replace(/^\/admin/, '');

export async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const accounts = createBackOfficeAccounts({
    db: app.db,
    clock: app.clock,
    config: app.config,
    sessions: app.sessions,
  });
  const manage = needs('accounts.manage');

  app.get(
    local(BackOfficeAccountPaths.list),
    { ...manage, schema: { querystring: backOfficeAccountQuery } },
    async (request) => ok(request, await accounts.list(request.query.page, request.query.pageSize)),
  );

  app.post(
    local(BackOfficeAccountPaths.create),
    { ...manage, schema: { body: createBackOfficeAccountRequest } },
    async (request) => ok(request, await accounts.create(request.body)),
  );

  app.post(
    local(BackOfficeAccountPaths.setRoles),
    { ...manage, schema: { params: idParams, body: setBackOfficeRolesRequest } },
    async (request) =>
      ok(request, await accounts.setRoles(request.principal!.userId, request.params.id, request.body.roles)),
  );

  app.post(
    local(BackOfficeAccountPaths.disable),
    { ...manage, schema: { params: idParams } },
    async (request) => ok(request, await accounts.disable(request.principal!.userId, request.params.id)),
  );

  app.post(
    local(BackOfficeAccountPaths.enable),
    { ...manage, schema: { params: idParams } },
    async (request) => ok(request, await accounts.enable(request.params.id)),
  );
}
