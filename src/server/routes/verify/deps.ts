// What the verify routes share: the service dependencies, built once per app instance.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { notFound } from '../../errors';
import { selectFaceProvider } from '../../services/verification/faceProvider';
import type { DesktopOwner, VerificationDeps } from '../../services/verification/sessionService';

/** FACE_PROVIDER, once the config has it. LEAD: add `faceProvider: e.FACE_PROVIDER` to AppConfig. */
function configuredFaceProvider(config: AppConfig): string | undefined {
  return (config as AppConfig & { faceProvider?: string }).faceProvider;
}

export function verificationDeps(app: FastifyInstance): VerificationDeps {
  return {
    db: app.db,
    clock: app.clock,
    publicUrl: app.config.publicUrl,
    provider: selectFaceProvider(configuredFaceProvider(app.config)),
    filesDir: app.storage.dir,
  };
}

/** The signed-in applicant's company (requireApplicant ran first; this satisfies the types). */
export function desktopOwner(request: FastifyRequest): DesktopOwner {
  const p = request.principal;
  if (!p?.companyId) throw notFound();
  return { userId: p.userId, companyId: p.companyId };
}
