// /plat/admin: the back office (issue 8; contract src/contract/api/admin.ts). Reviewers only:
// the guard runs on every request of this plugin before anything is parsed, so anonymous callers
// get 401 and applicants 403 whatever they send.
import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './accounts';
import { caseRoutes } from './cases';
import { claimRoutes } from './claims';
import { decisionRoutes } from './decisions';
import { faceOverrideRoutes } from './faceOverride';
import { fieldCommentRoutes } from './fieldComments';
import { partnerLinkRoutes } from './partnerLinks';
import { guardPermissions } from './permission';
import { queueRoutes } from './queues';
import { roundChangeRoutes } from './roundChanges';
import { supportReferenceAdminRoutes } from './supportReferences';

export async function adminRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.requireReviewer);
  // Then the route's own permission (issue 21 §4): support reads, reviewers decide, approvers confirm.
  guardPermissions(app);
  await app.register(queueRoutes);
  await app.register(caseRoutes);
  await app.register(roundChangeRoutes);
  await app.register(fieldCommentRoutes);
  await app.register(decisionRoutes);
  await app.register(faceOverrideRoutes);
  await app.register(partnerLinkRoutes);
  await app.register(accountRoutes);
  await app.register(claimRoutes);
  await app.register(supportReferenceAdminRoutes);
}
