// /plat/verify: QR identity verification (issue 6, docs/api-conventions.md "Paths"). The desktop and phone routes
// and the live event stream share one set of service dependencies and one LISTEN connection.
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { createVerificationHub } from '../../services/verification/liveUpdates';
import { verificationDeps } from './deps';
import { desktopRoutes } from './desktopRoutes';
import { eventStreamRoutes, RECONNECT_AFTER_MS } from './eventStream';
import { faceModelRoutes } from './faceModelRoutes';
import { phoneRoutes } from './phoneRoutes';

export async function verificationRoutes(app: FastifyInstance) {
  const deps = verificationDeps(app);
  const hub = createVerificationHub(app.pool, (err) =>
    app.log.warn({ err }, 'verification listener connection lost'),
  );
  const open = new Set<ServerResponse>();
  // Open streams would keep server.close() waiting for ever: end them first, each with a retry
  // hint, so the browser reconnects (to another worker, or to this one's replacement) by itself.
  app.addHook('preClose', async () => {
    for (const res of open) res.end(`: the server is stopping\nretry: ${RECONNECT_AFTER_MS}\n\n`);
    open.clear();
  });
  app.addHook('onClose', async () => hub.close());

  desktopRoutes(app, deps);
  phoneRoutes(app, deps);
  faceModelRoutes(app);
  eventStreamRoutes(app, deps, hub, open);
}
