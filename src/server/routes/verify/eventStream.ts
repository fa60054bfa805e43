// GET /plat/verify/sessions/:id/events: the desktop follows its session live (server-sent events).
// The current state at once, then every change in order, each with its version as the event id; a
// reconnect with Last-Event-ID gets what it missed from the session's event log. Heartbeats keep
// proxies from closing the stream and are also when the stream checks the clock (an expiry nobody
// asked about yet is written then) and the listener connection.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import {
  VERIFICATION_HEARTBEAT_MS,
  VERIFICATION_STREAM_EVENT,
  VerificationPaths,
} from '../../../contract/api/verification';
import type { VerificationHub } from '../../services/verification/liveUpdates';
import {
  readOwnedSession,
  refreshSession,
  type VerificationDeps,
} from '../../services/verification/sessionService';
import { eventsAfter } from '../../services/verification/sessionStore';
import { desktopOwner } from './deps';

/** How long the browser waits before reconnecting a dropped stream. */
export const RECONNECT_AFTER_MS = 2000;

/** Last-Event-ID (the header a browser sends on reconnect) or `?lastEventId=` (for a fresh
 *  EventSource, which cannot set headers). */
function lastEventIdOf(request: FastifyRequest): number | null {
  const header = request.headers['last-event-id'];
  const query = (request.query as Record<string, unknown> | undefined)?.['lastEventId'];
  const raw = typeof header === 'string' ? header : typeof query === 'string' ? query : undefined;
  if (raw === undefined || !/^\d{1,9}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

export function eventStreamRoutes(
  app: FastifyInstance,
  deps: VerificationDeps,
  hub: VerificationHub,
  open: Set<ServerResponse>,
) {
  app.get<{ Params: { id: string } }>(
    VerificationPaths.events(':id'),
    { onRequest: app.requireApplicant },
    async (request, reply) => {
      // Ownership and a due expiry first, while a refusal can still be an envelope.
      const current = await readOwnedSession(deps, desktopOwner(request), request.params.id);
      const resumeFrom = lastEventIdOf(request);
      let sent = resumeFrom !== null && resumeFrom <= current.version ? resumeFrom : current.version - 1;

      reply.hijack();
      const res = reply.raw;
      let closed = false;
      let unsubscribe: (() => void) | undefined;
      let heartbeat: NodeJS.Timeout | undefined = undefined;
      const stop = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe?.();
        open.delete(res);
      };
      // Listening before any await below: a client that leaves while the stream is being set up
      // would otherwise leave its subscription, heartbeat and LISTEN connection behind for good.
      res.on('close', stop);
      // It may have left already, while ownership was read: its 'close' has fired.
      if (res.destroyed || !res.socket || res.socket.destroyed) return stop();
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-content-type-options': 'nosniff',
        // nginx and similar proxies would otherwise buffer the stream.
        'x-accel-buffering': 'no',
      });
      res.write(`retry: ${RECONNECT_AFTER_MS}\n\n`);
      open.add(res);

      let queue = Promise.resolve();
      // Serialised, so two notices never send the same version twice or out of order.
      const pump = () => {
        queue = queue
          .then(async () => {
            if (closed) return;
            for (const event of await eventsAfter(app.db, current.id, sent)) {
              if (closed) return;
              res.write(
                `id: ${event.version}\nevent: ${VERIFICATION_STREAM_EVENT}\ndata: ${JSON.stringify(event.payload)}\n\n`,
              );
              sent = event.version;
            }
          })
          .catch((err: unknown) => request.log.warn({ err }, 'verification stream could not read events'));
      };

      try {
        unsubscribe = await hub.subscribe(current.id, pump);
      } catch (err) {
        // No listener (the database is away): end the stream; the browser reconnects after `retry`.
        request.log.warn({ err }, 'verification stream could not subscribe');
        res.end();
        return stop();
      }
      // Gone during the subscribe: stop() ran without the subscription; end it now.
      if (closed) return unsubscribe();
      heartbeat = setInterval(() => {
        res.write(': heartbeat\n\n');
        void hub.ensure().catch((err: unknown) => request.log.warn({ err }, 'verification listener down'));
        refreshSession(deps, current.id).then(pump, (err: unknown) =>
          request.log.warn({ err }, 'verification stream could not refresh the session'),
        );
      }, VERIFICATION_HEARTBEAT_MS);
      pump();
    },
  );
}
