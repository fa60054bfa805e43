// What the verify routes share: the service dependencies, built once per app instance.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../errors';
import { selectFaceProvider } from '../../services/verification/faceProvider';
import type { FaceProvider } from '../../services/verification/faceProvider';
import type { DesktopOwner, VerificationDeps } from '../../services/verification/sessionService';

// The provider is made inside the verify routes' encapsulated context, where a decorator would not
// reach the root app the worker holds; the HTTP server is the one object both share.
const providers = new WeakMap<object, FaceProvider>();

/**
 * Loads the face engine's models ahead of the first phone capture (issue 16 §2 "warm after
 * start-up"), when the app's provider has a warm-up. Called by the worker after listen. Answers
 * whether there was one to run, so a test that needs a warm engine can tell a skipped warm-up.
 */
export async function warmFaceEngine(app: FastifyInstance): Promise<boolean> {
  const provider = providers.get(app.server);
  if (!provider?.warm) return false;
  await provider.warm();
  return true;
}

export function verificationDeps(app: FastifyInstance): VerificationDeps {
  const provider = selectFaceProvider(app.config.faceProvider, { face: app.config.face });
  providers.set(app.server, provider);
  // The face engine's pool threads (started lazily by the first check) end with the app.
  app.addHook('onClose', async () => {
    await provider.close?.();
  });
  return {
    db: app.db,
    clock: app.clock,
    publicUrl: app.config.publicUrl,
    provider,
    localFiles: (keys, use) => app.storage.withLocalFiles(keys, use),
    challenges: app.config.faceChallenges,
  };
}

/** The signed-in applicant's company (requireApplicant ran first; this satisfies the types). */
export function desktopOwner(request: FastifyRequest): DesktopOwner {
  const p = request.principal;
  if (!p?.companyId) throw notFound();
  return { userId: p.userId, companyId: p.companyId };
}
