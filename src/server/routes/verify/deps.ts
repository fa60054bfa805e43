// What the verify routes share: the service dependencies, built once per app instance.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../errors';
import { selectFaceProvider } from '../../services/verification/faceProvider';
import type { DesktopOwner, VerificationDeps } from '../../services/verification/sessionService';

export function verificationDeps(app: FastifyInstance): VerificationDeps {
  const provider = selectFaceProvider(app.config.faceProvider, { face: app.config.face });
  // The face engine's pool threads (started lazily by the first check) end with the app.
  app.addHook('onClose', async () => {
    await provider.close?.();
  });
  return {
    db: app.db,
    clock: app.clock,
    publicUrl: app.config.publicUrl,
    provider,
    filesDir: app.storage.dir,
  };
}

/** The signed-in applicant's company (requireApplicant ran first; this satisfies the types). */
export function desktopOwner(request: FastifyRequest): DesktopOwner {
  const p = request.principal;
  if (!p?.companyId) throw notFound();
  return { userId: p.userId, companyId: p.companyId };
}
