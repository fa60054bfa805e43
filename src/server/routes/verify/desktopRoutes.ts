// The desktop's side of QR verification: open a session (its link is the QR code), regenerate the
// code, close the dialog, read the state. Signed-in applicants, their own company's sessions only:
// anything else is 404 so that nothing is revealed.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createVerificationSessionRequest,
  VerificationPaths,
  type VerificationSessionCreated,
} from '../../../contract/api/verification';
import { ok } from '../../envelope';
import {
  closeSession,
  createSession,
  readOwnedSession,
  regenerateSession,
  type IssuedSession,
  type VerificationDeps,
} from '../../services/verification/sessionService';
import { sessionView } from '../../services/verification/views';
import { desktopOwner } from './deps';

interface IdParams {
  id: string;
}

const ID = ':id';

export function desktopRoutes(fastify: FastifyInstance, deps: VerificationDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const created = (issued: IssuedSession): VerificationSessionCreated => ({
    ...sessionView(issued.row, app.clock.now()),
    link: issued.link,
  });

  app.post(
    VerificationPaths.sessions,
    { onRequest: app.requireApplicant, schema: { body: createVerificationSessionRequest } },
    async (request) => ok(request, created(await createSession(deps, desktopOwner(request), request.body))),
  );

  app.post<{ Params: IdParams }>(
    VerificationPaths.regenerate(ID),
    { onRequest: app.requireApplicant },
    async (request) =>
      ok(request, created(await regenerateSession(deps, desktopOwner(request), request.params.id))),
  );

  app.post<{ Params: IdParams }>(
    VerificationPaths.close(ID),
    { onRequest: app.requireApplicant },
    async (request) => {
      const row = await closeSession(deps, desktopOwner(request), request.params.id);
      return ok(request, sessionView(row, app.clock.now()));
    },
  );

  app.get<{ Params: IdParams }>(
    VerificationPaths.session(ID),
    { onRequest: app.requireApplicant },
    async (request) => {
      const row = await readOwnedSession(deps, desktopOwner(request), request.params.id);
      return ok(request, sessionView(row, app.clock.now()));
    },
  );
}
