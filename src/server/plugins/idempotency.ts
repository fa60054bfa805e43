// Writes a client may send again (issue 17 §5): a write carrying an Idempotency-Key runs at most
// once. A cut connection or a killed worker leaves the client not knowing whether its POST was
// applied; it sends the same request with the same key, and this plugin either repeats the first
// answer, asks it to wait while the first still runs, or — when the first request's worker died
// before answering — lets it run. Answers that say "try later" (429, 5xx) are not kept: the retry
// must really run. After the rate limits (a retry counts like any request), before the routes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_METHODS,
  IDEMPOTENT_REPLAY_HEADER,
} from '../../contract/idempotency';
import { Limits } from '../../contract/limits';
import { createDatabase } from '../db/client';
import { AppError } from '../errors';
import { currentRequest } from '../observability/requestContext';
import { hashOfKey } from '../services/idempotency/answerCipher';
import { claimKey, keepAnswer, releaseClaim, renewClaim } from '../services/idempotency/idempotentRequests';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed and runs under; null when it has none or repeats an answer. */
    idempotencyKey: string | null;
  }
}

/** Connections for keeping answers; a kept answer is one short UPDATE. */
const ANSWER_POOL_SIZE = 2;

/** The same key must come with the same request: method, path, caller and body. */
function fingerprintOf(request: FastifyRequest): string {
  const body =
    request.body === undefined
      ? request.isMultipart()
        ? 'multipart' // a retried form gets a new boundary: the parts are read later, in the route
        : ''
      : JSON.stringify(request.body);
  return createHash('sha256')
    .update(`${request.method}\n${request.url}\n${request.headers.authorization ?? ''}\n${body}`)
    .digest('hex');
}

function keyOf(request: FastifyRequest): string | null {
  if (!IDEMPOTENT_METHODS.includes(request.method)) return null;
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined) return null;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new AppError('validationFailed', 400, [{ path: 'Idempotency-Key', message: 'field.invalid' }]);
  }
  return key;
}

/** A route's own hooks of one kind as a list (Fastify takes one function or several). */
function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/** A kept answer says what happened; "try later" and faults do not, and streams are not kept. */
function worthKeeping(statusCode: number, payload: unknown): payload is string {
  return typeof payload === 'string' && statusCode < 500 && statusCode !== 429;
}

export const idempotencyPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('idempotencyKey', null);
    // The answer is kept on connections of its own: the time between a route's commit and its kept
    // answer is the one window in which a killed worker leaves a retry to run the write again, and
    // on the shared pool that time includes waiting behind every other request's queries.
    const answers = createDatabase(app.config.databaseUrl!, {
      max: ANSWER_POOL_SIZE,
      connectTimeoutMs: app.config.databaseTimeouts.connectTimeoutMs,
      statementTimeoutMs: app.config.databaseTimeouts.statementTimeoutMs,
      idleTimeoutMs: app.config.databaseTimeouts.idleTimeoutMs,
      onError: (err) => app.log.warn({ err }, 'idle idempotency connection lost; the pool replaces it'),
    });
    app.addHook('onClose', async () => answers.close());
    const renewals = new WeakMap<FastifyRequest, NodeJS.Timeout>();
    const stopRenewing = (request: FastifyRequest) => {
      clearInterval(renewals.get(request));
      renewals.delete(request);
    };

    const claimOrReplay = async (request: FastifyRequest, reply: FastifyReply) => {
      const key = keyOf(request);
      if (key === null) return;
      const claim = await claimKey(app.db, key, fingerprintOf(request), app.clock.now());
      switch (claim.kind) {
        case 'run': {
          request.idempotencyKey = key;
          const context = currentRequest();
          if (context) context.idempotencyKeyHash = hashOfKey(key);
          const timer = setInterval(() => {
            renewClaim(app.db, key, app.clock.now()).catch((err: unknown) =>
              request.log.warn({ err }, 'idempotency lease not renewed'),
            );
          }, Limits.idempotency.renewEveryMs);
          timer.unref();
          renewals.set(request, timer);
          return;
        }
        case 'replay':
          void reply.code(claim.statusCode).header(IDEMPOTENT_REPLAY_HEADER, 'true');
          if (claim.contentType) void reply.type(claim.contentType);
          return reply.send(claim.body);
        case 'inProgress':
          throw new AppError('requestInProgress', 409, { retryAfterMs: claim.retryAfterMs });
        case 'otherRequest':
          throw new AppError('idempotencyKeyReused', 422, null);
      }
    };

    // Kept before the answer leaves: a client that loses this answer finds it on its retry.
    const keep = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const key = request.idempotencyKey;
      if (key === null) return payload;
      request.idempotencyKey = null;
      stopRenewing(request);
      try {
        if (worthKeeping(reply.statusCode, payload)) {
          const type = reply.getHeader('content-type');
          await keepAnswer(answers.db, key, {
            statusCode: reply.statusCode,
            contentType: typeof type === 'string' ? type : null,
            body: payload,
          });
        } else {
          await releaseClaim(answers.db, key);
        }
      } catch (err) {
        // The answer still goes out; a retry finds the claim's lease run out and runs again.
        request.log.warn({ err }, 'idempotent answer not kept');
      }
      return payload;
    };
    const release = async (request: FastifyRequest) => stopRenewing(request);

    // Only on the routes a key can apply to (IDEMPOTENT_METHODS): a GET, the signed-in read of
    // every page, runs none of these three hooks (issue 31 §5). First among the route's own hooks,
    // where they ran as the app's: after the limits, before the route's preHandlers.
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.some((method) => IDEMPOTENT_METHODS.includes(method))) return;
      route.preHandler = [claimOrReplay, ...hooksOf(route.preHandler)];
      route.onSend = [keep, ...hooksOf(route.onSend)];
      route.onResponse = [release, ...hooksOf(route.onResponse)];
    });
  },
  { name: 'idempotency', dependencies: ['db', 'clock'] },
);
