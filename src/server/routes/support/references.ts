// POST /plat/support/references: a signed-in applicant's "Send to support" (issue 19 §5). The body is
// the flow's snapshot, redacted in the browser; the answer is the reference the applicant quotes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SupportReferencePaths, supportSnapshotBody } from '../../../contract/api/supportReferences';
import { ok } from '../../envelope';
import { createSupportReference } from '../../services/support/supportReferences';

/** Per IP: a person sends one or two; a loop filling the table is slowed down. */
const SEND_LIMIT = { max: 20, timeWindow: 10 * 60_000, groupId: ':supportReference' } as const;

export async function supportReferenceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    SupportReferencePaths.create.replace(/^\/support/, ''),
    {
      onRequest: app.requireApplicant,
      config: { rateLimit: SEND_LIMIT },
      schema: { body: supportSnapshotBody },
    },
    async (request) => {
      const principal = request.principal!;
      const who = { userId: principal.userId, companyId: principal.companyId ?? null };
      return ok(request, await createSupportReference(app.db, who, request.body, app.clock.now()));
    },
  );
}
