// What the verify routes share: the service dependencies, built once per app instance.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../errors';
import { selectFaceProvider } from '../../services/verification/faceProvider';
import type { DesktopOwner, VerificationDeps } from '../../services/verification/sessionService';

export function verificationDeps(app: FastifyInstance): VerificationDeps {
  return {
    db: app.db,
    clock: app.clock,
    publicUrl: app.config.publicUrl,
    provider: selectFaceProvider(app.config.faceProvider),
    filesDir: app.storage.dir,
  };
}

/** The signed-in applicant's company (requireApplicant ran first; this satisfies the types). */
export function desktopOwner(request: FastifyRequest): DesktopOwner {
  const p = request.principal;
  if (!p?.companyId) throw notFound();
  return { userId: p.userId, companyId: p.companyId };
}
