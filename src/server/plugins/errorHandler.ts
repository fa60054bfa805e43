// The one error handler and the one not-found handler: every failure answers with the envelope,
// `msg` in the caller's language, never a stack trace (issue 2 §5, docs/api-conventions.md "Answers").
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { CodeName } from '../../contract/codes';
import { errorChain, isDatabaseUnavailable } from '../db/unavailable';
import { envelope } from '../envelope';
import { isStorageFull } from '../storage/storageFull';
import { isStorageUnavailable } from '../storage/storageUnavailable';
import { AppError, type FieldProblem } from '../errors';

/** Which code answers a client error Fastify (or one of its plugins) raised itself. */
const CODE_BY_STATUS: Record<number, CodeName> = {
  400: 'validationFailed',
  401: 'loginInvalid',
  403: 'forbidden',
  404: 'notFound',
  405: 'methodNotAllowed',
  406: 'unsupportedMediaType',
  409: 'transitionNotAllowed',
  413: 'tooLarge',
  415: 'unsupportedMediaType',
  429: 'rateLimited',
};

function fieldProblems(error: unknown): FieldProblem[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((v) => {
    const where = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    return { path: where, message: v.message ?? 'field.invalid' };
  });
}

/**
 * PostgreSQL refused a value the client sent (SQLSTATE class 22, "data exception": a NUL byte in
 * text, a malformed uuid, a number out of range). The statement — and its transaction — did nothing,
 * so it is the client's bad input, not a fault. drizzle wraps the driver's error in `cause`.
 */
function isDataException(error: unknown): boolean {
  for (const { code, severity } of errorChain(error, 3)) {
    if (typeof code === 'string' && typeof severity === 'string' && code.startsWith('22')) return true;
  }
  return false;
}

/** Extra reporting (Sentry) for faults; set by the error-reporting plugin when a DSN is given. */
export type FaultReporter = (error: unknown, request: FastifyRequest) => void;

export function sendError(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  report?: FaultReporter,
) {
  if (error instanceof AppError) {
    // "Try again in N": the envelope says it to the page, Retry-After to any HTTP client (RFC 9110).
    const wait = (error.data as { retryAfterMs?: unknown } | null)?.retryAfterMs;
    if (typeof wait === 'number' && (error.httpStatus === 429 || error.httpStatus === 409)) {
      void reply.header('retry-after', String(Math.max(1, Math.ceil(wait / 1000))));
    }
    return reply.code(error.httpStatus).send(envelope(request, error.codeName, error.data));
  }
  const fe = error as Partial<FastifyError> & { statusCode?: number };
  if (hasZodFastifySchemaValidationErrors(error)) {
    return reply.code(400).send(envelope(request, 'validationFailed', fieldProblems(error)));
  }
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    const name = CODE_BY_STATUS[status] ?? 'validationFailed';
    return reply.code(status).send(envelope(request, name, null));
  }
  if (isDataException(error)) {
    // Worth knowing: the route let a value through that its schema should have refused.
    request.log.warn({ err: error }, 'database refused a client value');
    return reply.code(400).send(envelope(request, 'validationFailed', null));
  }
  // Before the database's check: a socket error under it (ECONNREFUSED) is the object store's.
  if (isStorageUnavailable(error)) {
    request.log.error({ err: error }, 'object storage unavailable');
    report?.(error, request);
    return reply.code(503).send(envelope(request, 'storageUnavailable', null));
  }
  if (isDatabaseUnavailable(error)) {
    // An outage, not a bug in this request: reported like a fault, answered "try again later".
    request.log.error({ err: error }, 'database unavailable');
    report?.(error, request);
    return reply.code(503).send(envelope(request, 'unavailable', null));
  }
  if (isStorageFull(error)) {
    // The disk is full: every upload fails until someone frees space, so operators must hear of it.
    request.log.error({ err: error }, 'storage full');
    report?.(error, request);
    return reply.code(507).send(envelope(request, 'storageFull', null));
  }
  // A fault: log it with the detail, answer without any.
  request.log.error({ err: error }, 'unhandled error');
  report?.(error, request);
  return reply.code(500).send(envelope(request, 'internal', null));
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

export const errorHandlerPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      report?: FaultReporter;
      /** Read at request time: the web app is registered after the routes. */
      spaFallback?: () => ((req: FastifyRequest, reply: FastifyReply) => unknown) | undefined;
    },
  ) => {
    app.setErrorHandler((error, request, reply) => sendError(error, request, reply, opts.report));
    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const spa = opts.spaFallback?.();
      if (spa && request.method === 'GET' && !url.startsWith('/plat/') && url !== '/plat') {
        return spa(request, reply);
      }
      // The path exists with another method: 405 with Allow, not a misleading 404. hasRoute reads
      // its url as a route pattern, so a path holding pattern syntax (a `*` not at the end throws)
      // is simply not found.
      const plainPath = !/[*:(]/.test(url);
      const allowed = plainPath
        ? METHODS.filter((m) => m !== request.method && app.hasRoute({ url, method: m }))
        : [];
      if (allowed.length > 0) {
        return reply
          .code(405)
          .header('allow', allowed.join(', '))
          .send(envelope(request, 'methodNotAllowed', null));
      }
      return reply.code(404).send(envelope(request, 'notFound', null));
    });
  },
  { name: 'error-handler' },
);
