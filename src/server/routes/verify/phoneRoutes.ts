// The phone's side of QR verification: public pages, no login. The scan token (from the QR link)
// proves the phone saw the code once; from then on the phone key it receives is its credential,
// and it reaches exactly one session.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  consentRequest,
  phoneKeyRequest,
  phoneQuery,
  scanRequest,
  VerificationPaths,
  type PhoneScanResult,
} from '../../../contract/api/verification';
import type { VerificationSessionRow } from '../../db/schema/verification';
import { ok, outcome } from '../../envelope';
import {
  cancelFromPhone,
  captureFace,
  readPhoneSession,
  recordConsent,
  scanSession,
  type VerificationDeps,
} from '../../services/verification/sessionService';
import { companyNameOf } from '../../services/verification/sessionStore';
import { phoneView } from '../../services/verification/views';
import { PhoneRateLimits } from './rateLimits';
import { receiveCapture } from './receiveCapture';

export function phoneRoutes(fastify: FastifyInstance, deps: VerificationDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const view = async (row: VerificationSessionRow) =>
    phoneView(row, await companyNameOf(app.db, row.companyId), app.clock.now());
  const answer = async (request: FastifyRequest, row: VerificationSessionRow) => ok(request, await view(row));

  app.post(
    VerificationPaths.scan,
    { config: { rateLimit: PhoneRateLimits.scan }, schema: { body: scanRequest } },
    async (request) => {
      const { row, phoneKey } = await scanSession(deps, request.body.token);
      const result: PhoneScanResult = { ...(await view(row)), phoneKey };
      return ok(request, result);
    },
  );

  app.get(
    VerificationPaths.phone,
    { config: { rateLimit: PhoneRateLimits.read }, schema: { querystring: phoneQuery } },
    async (request) => answer(request, await readPhoneSession(deps, request.query.key)),
  );

  app.post(
    VerificationPaths.consent,
    { config: { rateLimit: PhoneRateLimits.consent }, schema: { body: consentRequest } },
    async (request) => answer(request, await recordConsent(deps, request.body.key)),
  );

  app.post(
    VerificationPaths.cancel,
    { config: { rateLimit: PhoneRateLimits.cancel }, schema: { body: phoneKeyRequest } },
    async (request) => answer(request, await cancelFromPhone(deps, request.body.key)),
  );

  app.post(
    VerificationPaths.capture,
    { config: { rateLimit: PhoneRateLimits.capture } },
    async (request, reply) => {
      const { key, source, frames } = await receiveCapture(request, app.storage.store);
      const row = await captureFace(deps, key, { source, frames });
      // A failed check is an outcome the phone handles (retry, or a new code), not a refusal.
      if (row.state === 'failed' || row.state === 'failedFinal') {
        return outcome(reply, 'faceCheckFailed', await view(row));
      }
      return ok(request, await view(row));
    },
  );
}
